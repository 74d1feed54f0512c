# GNU parallel on one machine: 8 shards of study.dli, two at a time, then the merge.
mkdir -p parts
parallel -j 2 dealvm -s 2027 -R 1 --shard {}/8 --part parts/study.{} study.dli ::: 0 1 2 3 4 5 6 7
dealvm merge parts/study.* > study.out
