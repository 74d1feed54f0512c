complete -c dealvm -s p -d 'Stop after N deals meet the condition' -r
complete -c dealvm -s g -d 'Stop after N deals have been dealt' -r
complete -c dealvm -s s -d 'The seed: the same seed, the same deals' -r
complete -c dealvm -s T -d 'The title of the reports and the PBN file' -r
complete -c dealvm -s N -d 'Predeal north these cards (-E, -S, -W: the other seats)' -r
complete -c dealvm -s E -d 'Predeal these cards to east (as -N)' -r
complete -c dealvm -s S -d 'Predeal these cards to south (as -N)' -r
complete -c dealvm -s W -d 'Predeal these cards to west (as -N)' -r
complete -c dealvm -s 0 -d 'Script variables: -0 TEXT to -9 TEXT give $0 to $9 their text' -r
complete -c dealvm -s 1 -d 'Script variable $1: the text replaces every `$1` of the input file as tokens' -r
complete -c dealvm -s 2 -d 'Script variable $2: the text replaces every `$2` of the input file as tokens' -r
complete -c dealvm -s 3 -d 'Script variable $3: the text replaces every `$3` of the input file as tokens' -r
complete -c dealvm -s 4 -d 'Script variable $4: the text replaces every `$4` of the input file as tokens' -r
complete -c dealvm -s 5 -d 'Script variable $5: the text replaces every `$5` of the input file as tokens' -r
complete -c dealvm -s 6 -d 'Script variable $6: the text replaces every `$6` of the input file as tokens' -r
complete -c dealvm -s 7 -d 'Script variable $7: the text replaces every `$7` of the input file as tokens' -r
complete -c dealvm -s 8 -d 'Script variable $8: the text replaces every `$8` of the input file as tokens' -r
complete -c dealvm -s 9 -d 'Script variable $9: the text replaces every `$9` of the input file as tokens' -r
complete -c dealvm -s x -d 'Swapping: -x 2 East and West, -x 3 East, South and West' -r
complete -c dealvm -s C -d 'CSV file for `csvrpt`, appended to; `w:FILE` starts it afresh (default, or `-`: standard output)' -r
complete -c dealvm -s X -d 'File for `export` (default, or `-`: standard output)' -r
complete -c dealvm -s O -d 'The opener for OPC evaluations (file: `opener seat`): north, east, south or west (or N, E, S, W; any case)' -r
complete -c dealvm -l board-start -d 'The number of the first board (file: `startboard N`; default 1). With --deals, the boards are numbered from N instead of keeping the file\'s numbers' -r
complete -c dealvm -l pbn -d 'Write the produced deals to a PBN file' -r -F
complete -c dealvm -l dlm -d 'Write the produced deals to a Duplimate DLM file' -r -F
complete -c dealvm -l dup -d 'Write the produced deals to a Duplimate DUP file (DOS dealing machines): Big Deal\'s layout, 156 bytes a board, boards 1 to 99; with --sealed, board 1\'s diagram is blanked' -r -F
complete -c dealvm -l bri -d 'Write the produced deals to a BRI file (dealing machines; 128 bytes a board)' -r -F
complete -c dealvm -l dge -d 'Write the produced deals to a DGE file (dealing machines; 128 bytes a board)' -r -F
complete -c dealvm -l ber -d 'Write the produced deals to a BER file (Bernasconi dealing machines; 52 digits a board)' -r -F
complete -c dealvm -l rzd -d 'Write the produced deals to an RZD file (KOPS, the Polish scoring program)' -r -F
complete -c dealvm -l cds -d 'Write the produced deals to a CDS file (14 bytes a board)' -r -F
complete -c dealvm -l bhg -d 'Write the produced deals to a BHG file (Borel Hand Generator; a line a board)' -r -F
complete -c dealvm -l lin -d 'Write the produced deals to a LIN file for BBO' -r -F
complete -c dealvm -l boards-csv -d 'Write the produced deals to a CSV file as Big Deal writes it (one line a board: the 16 holdings, the board, its dealer and vulnerability); -C is Dealer\'s `csvrpt` file' -r -F
complete -c dealvm -l hand-records -d 'Write hand records to FILE: each board\'s diagram, makeable contracts and par' -r -F
complete -c dealvm -l paper -d 'The paper of the hand records: a4 (default) or letter' -r
complete -c dealvm -l boards-per-page -d 'The boards on each page of the hand records: 4 or 6 (default 6)' -r
complete -c dealvm -l date -d 'The date printed on the hand records (default: today), as it should read: `2026-11-28`, `28 November 2026`' -r
complete -c dealvm -l deals -d 'Take the deals from a board file: PBN, DLM, LIN, DUP, or another' -r -F
complete -c dealvm -s D -d 'Debug level: at 2 and above, the statistics at the end count the double-dummy solves and the answers taken from the cache (a level such as 3.7 is taken as 3)' -r
complete -c dealvm -s M -d 'How double dummy is solved: 1 one declarer and strain at a time, 2 the whole table of 20 results at once (default: whole tables when the input needs them, par or trix, or asks about more than eight declarer-strain pairs; single solves otherwise)' -r
complete -c dealvm -s P -d 'The vulnerability of `par(side)` and `parcontract` without one: 0 none, 1 NS, 2 EW, 3 both (default: the input\'s `vulnerable`, else each board\'s own with --deals, else none)' -r
complete -c dealvm -s L -d 'Library mode: the deals come from FILE, a zrd file of solved deals such as Richard Pavlicek\'s library, in order, with their double-dummy results (nothing is solved). The predeal and swapping are ignored; a seed N starts at block N of the library (blocks of 1000 deals, fewer in small files), going round to its start at the end. Without a seed, the run starts at a block chosen at random, whose number is the seed printed' -r -F
complete -c dealvm -s U -d 'The usereval server: the program that answers the input\'s `usereval(...)` queries, started once per thread, one line per query (protocol: docs/usereval.md). A name without `/` is looked up in PATH; `./NAME` for the current directory' -r
complete -c dealvm -l usereval-timeout -d 'The longest wait, in seconds, for one answer of the usereval server (default 10; a fraction such as 0.5 too): a server that takes longer is stopped, and so is the run' -r
complete -c dealvm -s Z -d 'Save the produced deals in FILE as zrd records with their 20 double-dummy results (Pavlicek\'s format, `-L` reads it); `[N][w]:FILE`: `N` no solving (counts written as zero), `w` start the file afresh (else added to). A title goes first as title records' -r
complete -c dealvm -s l -d 'Save the produced deals in FILE as DL52 records (52 bytes a deal, DealerV2\'s format); `[w]:FILE`: `w` starts the file afresh (else added to)' -r
complete -c dealvm -l json -d 'Write every statistic to FILE as one JSON document' -r -F
complete -c dealvm -l charts -d 'Draw every statistic in FILE.html or FILE.svg' -r -F
complete -c dealvm -l until-se -d 'Stop once the first average is known to within X' -r
complete -c dealvm -s R -l threads -d 'Threads to deal on (default: all cores)' -r
complete -c dealvm -l shard -d 'Run only shard K of N of a run split across machines' -r
complete -c dealvm -l part -d 'With --shard: the part file to write (replaced only when the shard succeeds; `-`: standard output). `dealvm merge PART...` reads the parts of all N shards' -r -F
complete -c dealvm -l classic -d 'Behave as Debian\'s dealer: the same deals and output' -r
complete -c dealvm -l generate -d 'Print a man page, a shell\'s completions or the guide\'s list of the switches, made from these switches, and stop: `man`, `bash`, `zsh`, `fish` or `markdown` (the repository keeps them in docs/man/, docs/completions/ and docs/guide/command-line.md)' -r
complete -c dealvm -s v -d 'No statistics at the end'
complete -c dealvm -s q -d 'No `printpbn` output'
complete -c dealvm -s m -d 'A progress meter on standard error'
complete -c dealvm -l sealed -d 'Seal the --dlm and --dup files: DLM `Status=Sealed`, and the DUP file without board 1\'s diagram (Big Deal\'s dlmblind and dupblind), for boards no operator should see'
complete -c dealvm -l rotate -d 'Turn each deal to the dealer of its board\'s place in the cycle'
complete -c dealvm -l dd -d 'With --pbn: each board\'s double-dummy table and par'
complete -c dealvm -l se -d 'Standard errors and 95% intervals in the reports'
complete -c dealvm -l rejection -d 'Deal every deal and test the condition, as Dealer does, even when the condition\'s terms on single seats are rare enough for exact dealing (dealing only deals that meet them; `--dump-bytecode` says which way a run deals and why)'
complete -c dealvm -l plain -d 'Compile every expression as written: no tables for the parts that read one suit or one hand\'s shape, and one deal at a time, never over blocks of deals. The same results, more slowly; for checking the compiler'
complete -c dealvm -l reference -d 'Run the plain way, for checking dealvm itself: every hand of every deal dealt before the condition is tested (from the same random streams, so the deals are the same), rather than the hands it reads first and the others only when needed; and, as with --plain, every expression compiled as written, one deal at a time; a run that counting proved can produce nothing is dealt all the same. The output is the same as without it, more slowly; a difference is a bug in dealvm. Exact dealing stays as chosen: add --rejection to deal every deal at random'
complete -c dealvm -l dump-bytecode -d 'Print the compiled program and stop'
complete -c dealvm -s h -l help -d 'Print the help and stop: -h a summary, --help every switch'
complete -c dealvm -s V -l version -d 'Print the version and stop'
