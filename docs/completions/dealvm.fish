# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_dealvm_global_optspecs
    string join \n p= g= s= v q T= N= E= S= W= 0= 1= 2= 3= 4= 5= 6= 7= 8= 9= x= m C= X= O= board-start= pbn= dlm= dup= bri= dge= ber= rzd= cds= bhg= lin= boards-csv= sealed hand-records= paper= boards-per-page= date= rotate deals= D= M= P= L= U= usereval-timeout= Z= l= dd se json= charts= until-se= R/threads= rejection plain reference shard= part= classic= dump-bytecode generate= h/help V/version
end

function __fish_dealvm_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_dealvm_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_dealvm_using_subcommand
    set -l cmd (__fish_dealvm_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c dealvm -n "__fish_dealvm_needs_command" -s p -d 'Stop after N deals meet the condition' -r
complete -c dealvm -n "__fish_dealvm_needs_command" -s g -d 'Stop after N deals have been dealt' -r
complete -c dealvm -n "__fish_dealvm_needs_command" -s s -d 'The seed: the same seed, the same deals' -r
complete -c dealvm -n "__fish_dealvm_needs_command" -s T -d 'The title of the reports and the PBN file' -r
complete -c dealvm -n "__fish_dealvm_needs_command" -s N -d 'Predeal north these cards (-E, -S, -W: the other seats)' -r
complete -c dealvm -n "__fish_dealvm_needs_command" -s E -d 'Predeal these cards to east (as -N)' -r
complete -c dealvm -n "__fish_dealvm_needs_command" -s S -d 'Predeal these cards to south (as -N)' -r
complete -c dealvm -n "__fish_dealvm_needs_command" -s W -d 'Predeal these cards to west (as -N)' -r
complete -c dealvm -n "__fish_dealvm_needs_command" -s 0 -d 'Script variables: -0 TEXT to -9 TEXT give $0 to $9 their text' -r
complete -c dealvm -n "__fish_dealvm_needs_command" -s 1 -d 'Script variable $1: the text replaces every `$1` of the input file as tokens' -r
complete -c dealvm -n "__fish_dealvm_needs_command" -s 2 -d 'Script variable $2: the text replaces every `$2` of the input file as tokens' -r
complete -c dealvm -n "__fish_dealvm_needs_command" -s 3 -d 'Script variable $3: the text replaces every `$3` of the input file as tokens' -r
complete -c dealvm -n "__fish_dealvm_needs_command" -s 4 -d 'Script variable $4: the text replaces every `$4` of the input file as tokens' -r
complete -c dealvm -n "__fish_dealvm_needs_command" -s 5 -d 'Script variable $5: the text replaces every `$5` of the input file as tokens' -r
complete -c dealvm -n "__fish_dealvm_needs_command" -s 6 -d 'Script variable $6: the text replaces every `$6` of the input file as tokens' -r
complete -c dealvm -n "__fish_dealvm_needs_command" -s 7 -d 'Script variable $7: the text replaces every `$7` of the input file as tokens' -r
complete -c dealvm -n "__fish_dealvm_needs_command" -s 8 -d 'Script variable $8: the text replaces every `$8` of the input file as tokens' -r
complete -c dealvm -n "__fish_dealvm_needs_command" -s 9 -d 'Script variable $9: the text replaces every `$9` of the input file as tokens' -r
complete -c dealvm -n "__fish_dealvm_needs_command" -s x -d 'Swapping: -x 2 East and West, -x 3 East, South and West' -r
complete -c dealvm -n "__fish_dealvm_needs_command" -s C -d 'CSV file for `csvrpt`, appended to; `w:FILE` starts it afresh (default, or `-`: standard output)' -r
complete -c dealvm -n "__fish_dealvm_needs_command" -s X -d 'File for `export` (default, or `-`: standard output)' -r
complete -c dealvm -n "__fish_dealvm_needs_command" -s O -d 'The opener for OPC evaluations (file: `opener seat`): north, east, south or west (or N, E, S, W; any case)' -r
complete -c dealvm -n "__fish_dealvm_needs_command" -l board-start -d 'The number of the first board (file: `startboard N`; default 1). With --deals, the boards are numbered from N instead of keeping the file\'s numbers; a file without board numbers (BHG, GOE, BRI, ...) holds boards N, N+1, ..., a BHG file\'s hands read from those boards\' dealers' -r
complete -c dealvm -n "__fish_dealvm_needs_command" -l pbn -d 'Write the produced deals to a PBN file' -r -F
complete -c dealvm -n "__fish_dealvm_needs_command" -l dlm -d 'Write the produced deals to a Duplimate DLM file' -r -F
complete -c dealvm -n "__fish_dealvm_needs_command" -l dup -d 'Write the produced deals to a Duplimate DUP file (DOS dealing machines): Big Deal\'s layout, 156 bytes a board, boards 1 to 99; with --sealed, board 1\'s diagram is blanked' -r -F
complete -c dealvm -n "__fish_dealvm_needs_command" -l bri -d 'Write the produced deals to a BRI file (dealing machines; 128 bytes a board)' -r -F
complete -c dealvm -n "__fish_dealvm_needs_command" -l dge -d 'Write the produced deals to a DGE file (dealing machines; 128 bytes a board)' -r -F
complete -c dealvm -n "__fish_dealvm_needs_command" -l ber -d 'Write the produced deals to a BER file (Bernasconi dealing machines; 52 digits a board)' -r -F
complete -c dealvm -n "__fish_dealvm_needs_command" -l rzd -d 'Write the produced deals to an RZD file (KOPS, the Polish scoring program)' -r -F
complete -c dealvm -n "__fish_dealvm_needs_command" -l cds -d 'Write the produced deals to a CDS file (14 bytes a board)' -r -F
complete -c dealvm -n "__fish_dealvm_needs_command" -l bhg -d 'Write the produced deals to a BHG file (Borel Hand Generator; a line a board)' -r -F
complete -c dealvm -n "__fish_dealvm_needs_command" -l lin -d 'Write the produced deals to a LIN file for BBO' -r -F
complete -c dealvm -n "__fish_dealvm_needs_command" -l boards-csv -d 'Write the produced deals to a CSV file as Big Deal writes it (one line a board: the 16 holdings, the board, its dealer and vulnerability); -C is Dealer\'s `csvrpt` file' -r -F
complete -c dealvm -n "__fish_dealvm_needs_command" -l hand-records -d 'Write hand records to FILE: each board\'s diagram, makeable contracts and par' -r -F
complete -c dealvm -n "__fish_dealvm_needs_command" -l paper -d 'The paper of the hand records: a4 (default) or letter' -r
complete -c dealvm -n "__fish_dealvm_needs_command" -l boards-per-page -d 'The boards on each page of the hand records: 4 or 6 (default 6)' -r
complete -c dealvm -n "__fish_dealvm_needs_command" -l date -d 'The date printed on the hand records (default: today), as it should read: `2026-11-28`, `28 November 2026`' -r
complete -c dealvm -n "__fish_dealvm_needs_command" -l deals -d 'Take the deals from a board file: PBN, DLM, LIN, DUP, or another' -r -F
complete -c dealvm -n "__fish_dealvm_needs_command" -s D -d 'Debug level: at 2 and above, the statistics at the end count the double-dummy solves and the answers taken from the cache (a level such as 3.7 is taken as 3)' -r
complete -c dealvm -n "__fish_dealvm_needs_command" -s M -d 'How double dummy is solved: 1 one declarer and strain at a time, 2 the whole table of 20 results at once (default: whole tables when the input needs them, par or trix, or asks about more than eight declarer-strain pairs; single solves otherwise)' -r
complete -c dealvm -n "__fish_dealvm_needs_command" -s P -d 'The vulnerability of `par(side)` and `parcontract` without one: 0 none, 1 NS, 2 EW, 3 both (default: the input\'s `vulnerable`, else each board\'s own with --deals, else none)' -r
complete -c dealvm -n "__fish_dealvm_needs_command" -s L -d 'Library mode: the deals come from FILE, a zrd file of solved deals such as Richard Pavlicek\'s library, in order, with their double-dummy results (nothing is solved). The predeal and swapping are ignored; a seed N starts at block N of the library (blocks of 1000 deals, fewer in small files), going round to its start at the end. Without a seed, the run starts at a block chosen at random, whose number is the seed printed' -r -F
complete -c dealvm -n "__fish_dealvm_needs_command" -s U -d 'The usereval server: the program that answers the input\'s `usereval(...)` queries, started once per thread, one line per query (protocol: docs/usereval.md). A name without `/` is looked up in PATH; `./NAME` for the current directory' -r
complete -c dealvm -n "__fish_dealvm_needs_command" -l usereval-timeout -d 'The longest wait, in seconds, for one answer of the usereval server (default 10; a fraction such as 0.5 too): a server that takes longer is stopped, and so is the run' -r
complete -c dealvm -n "__fish_dealvm_needs_command" -s Z -d 'Save the produced deals in FILE as zrd records with their 20 double-dummy results (Pavlicek\'s format, `-L` reads it); `[N][w]:FILE`: `N` no solving (counts written as zero), `w` start the file afresh (else added to). A title goes first as title records' -r
complete -c dealvm -n "__fish_dealvm_needs_command" -s l -d 'Save the produced deals in FILE as DL52 records (52 bytes a deal, DealerV2\'s format); `[w]:FILE`: `w` starts the file afresh (else added to)' -r
complete -c dealvm -n "__fish_dealvm_needs_command" -l json -d 'Write every statistic to FILE as one JSON document' -r -F
complete -c dealvm -n "__fish_dealvm_needs_command" -l charts -d 'Draw every statistic in FILE.html or FILE.svg' -r -F
complete -c dealvm -n "__fish_dealvm_needs_command" -l until-se -d 'Stop once the first average is known to within X' -r
complete -c dealvm -n "__fish_dealvm_needs_command" -s R -l threads -d 'Threads to deal on (default: all cores)' -r
complete -c dealvm -n "__fish_dealvm_needs_command" -l shard -d 'Run only shard K of N of a run split across machines' -r
complete -c dealvm -n "__fish_dealvm_needs_command" -l part -d 'With --shard: the part file to write (replaced only when the shard succeeds; `-`: standard output). `dealvm merge PART...` reads the parts of all N shards' -r -F
complete -c dealvm -n "__fish_dealvm_needs_command" -l classic -d 'Behave as Debian\'s dealer: the same deals and output' -r
complete -c dealvm -n "__fish_dealvm_needs_command" -l generate -d 'Print a man page, a shell\'s completions or the guide\'s list of the switches, made from these switches and the subcommands\', and stop: `man` (`man-merge`, `man-boards`, ...: a subcommand\'s page), `bash`, `zsh`, `fish` or `markdown` (the repository keeps them in docs/man/, docs/completions/ and docs/guide/command-line.md)' -r
complete -c dealvm -n "__fish_dealvm_needs_command" -s v -d 'Toggles the statistics at the end'
complete -c dealvm -n "__fish_dealvm_needs_command" -s q -d 'No `printpbn` output'
complete -c dealvm -n "__fish_dealvm_needs_command" -s m -d 'A progress meter on standard error'
complete -c dealvm -n "__fish_dealvm_needs_command" -l sealed -d 'Seal the --dlm and --dup files: DLM `Status=Sealed`, and the DUP file without board 1\'s diagram (Big Deal\'s dlmblind and dupblind), for boards no operator should see'
complete -c dealvm -n "__fish_dealvm_needs_command" -l rotate -d 'Turn each deal to the dealer of its board\'s place in the cycle'
complete -c dealvm -n "__fish_dealvm_needs_command" -l dd -d 'With --pbn: each board\'s double-dummy table and par'
complete -c dealvm -n "__fish_dealvm_needs_command" -l se -d 'Standard errors and 95% intervals in the reports'
complete -c dealvm -n "__fish_dealvm_needs_command" -l rejection -d 'Deal every deal and test the condition, as Dealer does, even when the condition\'s terms on single seats are rare enough for exact dealing (dealing only deals that meet them; `--dump-bytecode` says which way a run deals and why)'
complete -c dealvm -n "__fish_dealvm_needs_command" -l plain -d 'Compile every expression as written: no tables for the parts that read one suit or one hand\'s shape, and one deal at a time, never over blocks of deals. The same results, more slowly; for checking the compiler'
complete -c dealvm -n "__fish_dealvm_needs_command" -l reference -d 'Run the plain way, for checking dealvm itself: every hand of every deal dealt before the condition is tested (from the same random streams, so the deals are the same), rather than the hands it reads first and the others only when needed; and, as with --plain, every expression compiled as written, one deal at a time; a run that counting proved can produce nothing is dealt all the same. The output is the same as without it, more slowly; a difference is a bug in dealvm. Exact dealing stays as chosen: add --rejection to deal every deal at random'
complete -c dealvm -n "__fish_dealvm_needs_command" -l dump-bytecode -d 'Print the compiled program and stop'
complete -c dealvm -n "__fish_dealvm_needs_command" -s h -l help -d 'Print the help and stop: -h a summary, --help every switch'
complete -c dealvm -n "__fish_dealvm_needs_command" -s V -l version -d 'Print the version and stop'
complete -c dealvm -n "__fish_dealvm_needs_command" -a "merge" -d '`dealvm merge`: finishes a run split into shards (`dealvm --shard K/N --part FILE ...`)'
complete -c dealvm -n "__fish_dealvm_needs_command" -a "boards" -d '`dealvm boards`: a session\'s boards for play, dealt as Big Deal deals them'
complete -c dealvm -n "__fish_dealvm_needs_command" -a "check" -d '`dealvm check`: will this script run on another Dealer?'
complete -c dealvm -n "__fish_dealvm_needs_command" -a "squaredeal" -d '`dealvm squaredeal`: events whose deals can be proved afterwards, as SquareDeal makes them'
complete -c dealvm -n "__fish_dealvm_needs_command" -a "serve" -d '`dealvm serve`: run Dealer scripts for web pages and programs, over HTTP'
complete -c dealvm -n "__fish_dealvm_using_subcommand merge" -l pbn -d 'Write the run\'s PBN file to FILE (the shards must have had --pbn; without this switch the merge writes no PBN file)' -r -F
complete -c dealvm -n "__fish_dealvm_using_subcommand merge" -l dlm -d 'Write the run\'s DLM file to FILE (the shards must have had --dlm)' -r -F
complete -c dealvm -n "__fish_dealvm_using_subcommand merge" -l dup -d 'Write the produced deals to a Duplimate DUP file (DOS dealing machines): Big Deal\'s layout, 156 bytes a board, boards 1 to 99; with --sealed, board 1\'s diagram is blanked' -r -F
complete -c dealvm -n "__fish_dealvm_using_subcommand merge" -l bri -d 'Write the produced deals to a BRI file (dealing machines; 128 bytes a board)' -r -F
complete -c dealvm -n "__fish_dealvm_using_subcommand merge" -l dge -d 'Write the produced deals to a DGE file (dealing machines; 128 bytes a board)' -r -F
complete -c dealvm -n "__fish_dealvm_using_subcommand merge" -l ber -d 'Write the produced deals to a BER file (Bernasconi dealing machines; 52 digits a board)' -r -F
complete -c dealvm -n "__fish_dealvm_using_subcommand merge" -l rzd -d 'Write the produced deals to an RZD file (KOPS, the Polish scoring program)' -r -F
complete -c dealvm -n "__fish_dealvm_using_subcommand merge" -l cds -d 'Write the produced deals to a CDS file (14 bytes a board)' -r -F
complete -c dealvm -n "__fish_dealvm_using_subcommand merge" -l bhg -d 'Write the produced deals to a BHG file (Borel Hand Generator; a line a board)' -r -F
complete -c dealvm -n "__fish_dealvm_using_subcommand merge" -l lin -d 'Write the produced deals to a LIN file for BBO' -r -F
complete -c dealvm -n "__fish_dealvm_using_subcommand merge" -l boards-csv -d 'Write the produced deals to a CSV file as Big Deal writes it (one line a board: the 16 holdings, the board, its dealer and vulnerability); -C is Dealer\'s `csvrpt` file' -r -F
complete -c dealvm -n "__fish_dealvm_using_subcommand merge" -l hand-records -d 'Write hand records to FILE: each board\'s diagram, makeable contracts and par' -r -F
complete -c dealvm -n "__fish_dealvm_using_subcommand merge" -l paper -d 'The paper of the hand records: a4 (default) or letter' -r
complete -c dealvm -n "__fish_dealvm_using_subcommand merge" -l boards-per-page -d 'The boards on each page of the hand records: 4 or 6 (default 6)' -r
complete -c dealvm -n "__fish_dealvm_using_subcommand merge" -l date -d 'The date printed on the hand records (default: today), as it should read: `2026-11-28`, `28 November 2026`' -r
complete -c dealvm -n "__fish_dealvm_using_subcommand merge" -s C -d 'Add the `csvrpt` lines to FILE (`w:FILE` starts it afresh; the shards must have had -C)' -r
complete -c dealvm -n "__fish_dealvm_using_subcommand merge" -s X -d 'Write the `export` lines to FILE (the shards must have had -X)' -r
complete -c dealvm -n "__fish_dealvm_using_subcommand merge" -s Z -d 'Write the zrd records to FILE (`[N][w]:FILE`: `N` without the tricks, `w` afresh; the shards must have had -Z, and without `N` for solved records)' -r
complete -c dealvm -n "__fish_dealvm_using_subcommand merge" -s l -d 'Write the DL52 records to FILE (`[w]:FILE`: `w` afresh; the shards must have had -l)' -r
complete -c dealvm -n "__fish_dealvm_using_subcommand merge" -l json -d 'Write the run\'s JSON document of statistics to FILE (`-`: standard output), the single run\'s document, whether or not the shards had --json' -r -F
complete -c dealvm -n "__fish_dealvm_using_subcommand merge" -l charts -d 'Draw the run\'s statistics in FILE.html or FILE.svg, as the single run draws them, whether or not the shards had --charts' -r -F
complete -c dealvm -n "__fish_dealvm_using_subcommand merge" -l sealed -d 'Seal the --dlm and --dup files: DLM `Status=Sealed`, and the DUP file without board 1\'s diagram (Big Deal\'s dlmblind and dupblind), for boards no operator should see'
complete -c dealvm -n "__fish_dealvm_using_subcommand merge" -s h -l help -d 'Print this help and stop'
complete -c dealvm -n "__fish_dealvm_using_subcommand boards" -s n -d 'The boards: a count (`-n 32`: boards 1 to 32) or a range (`-n 11-20`)' -r
complete -c dealvm -n "__fish_dealvm_using_subcommand boards" -s p -d 'The files\' name without its extension: `-p tonight` writes tonight.pbn, tonight.dlm' -r -F
complete -c dealvm -n "__fish_dealvm_using_subcommand boards" -s f -d 'The formats, separated by commas: pbn, dlm, dlmblind, dup, dupblind, bri, dge, lin, csv, ber, borel, kops, cds, goedel (default pbn)' -r
complete -c dealvm -n "__fish_dealvm_using_subcommand boards" -l owner -d 'The owner\'s identification (a club, a tournament), hashed into every deal' -r
complete -c dealvm -n "__fish_dealvm_using_subcommand boards" -s W -d 'Reproduce `bigdealx -W OWNER`: this owner text, and no entropy but the -e strings' -r
complete -c dealvm -n "__fish_dealvm_using_subcommand boards" -s e -d 'Entropy strings, as `bigdealx -e` (with -W: the only entropy; else added to the operating system\'s)' -r
complete -c dealvm -n "__fish_dealvm_using_subcommand boards" -l hash -d 'Reproduce `bigdealx -h HASH`: the 160-bit hash of the entropy as 40 hex digits' -r
complete -c dealvm -n "__fish_dealvm_using_subcommand boards" -l force -d 'Replace board files that exist already'
complete -c dealvm -n "__fish_dealvm_using_subcommand boards" -s h -l help -d 'Print this help and stop'
complete -c dealvm -n "__fish_dealvm_using_subcommand check" -l dialect -d 'The Dealer the script is meant for (default `dealer`): `dealer` is Debian\'s /usr/games/dealer (what BBO runs), `exe` the Windows dealer.exe, `v2` DealerV2' -r -f -a "dealer\t''
exe\t''
v2\t''"
complete -c dealvm -n "__fish_dealvm_using_subcommand check" -s h -l help -d 'Print this help and stop'
complete -c dealvm -n "__fish_dealvm_using_subcommand squaredeal; and not __fish_seen_subcommand_from create add-phase publish set-dv generate verify" -a "create" -d 'Creates the event file (refused when it exists)'
complete -c dealvm -n "__fish_dealvm_using_subcommand squaredeal; and not __fish_seen_subcommand_from create add-phase publish set-dv generate verify" -a "add-phase" -d 'Adds a phase (refused once published)'
complete -c dealvm -n "__fish_dealvm_using_subcommand squaredeal; and not __fish_seen_subcommand_from create add-phase publish set-dv generate verify" -a "publish" -d 'Makes the keys: writes EVENT.sqk (secret until the event is over) and its hash (KH) into EVENT.sqd'
complete -c dealvm -n "__fish_dealvm_using_subcommand squaredeal; and not __fish_seen_subcommand_from create add-phase publish set-dv generate verify" -a "set-dv" -d 'Sets the delayed value (DV), once known: trimmed, spaces collapsed, `,` and `.` between digits removed'
complete -c dealvm -n "__fish_dealvm_using_subcommand squaredeal; and not __fish_seen_subcommand_from create add-phase publish set-dv generate verify" -a "generate" -d 'Writes the boards of every session, of a phase (2), or of one session (2:3)'
complete -c dealvm -n "__fish_dealvm_using_subcommand squaredeal; and not __fish_seen_subcommand_from create add-phase publish set-dv generate verify" -a "verify" -d 'Deals every board again from the revealed keys and compares every board file of DIR'
complete -c dealvm -n "__fish_dealvm_using_subcommand squaredeal; and __fish_seen_subcommand_from create" -l name -d 'The event\'s name (TN)' -r
complete -c dealvm -n "__fish_dealvm_using_subcommand squaredeal; and __fish_seen_subcommand_from create" -l delayed-info -d 'What the delayed value will be (DI), such as "closing value of the CAC 40 on the first day"' -r
complete -c dealvm -n "__fish_dealvm_using_subcommand squaredeal; and __fish_seen_subcommand_from add-phase" -l sessions -d 'The number of sessions (0: a variable number, one key for all)' -r
complete -c dealvm -n "__fish_dealvm_using_subcommand squaredeal; and __fish_seen_subcommand_from add-phase" -l boards -d 'The boards of the sessions in turn: 16 (1-16), 1-16,17-32, 3x7 (1-7,8-14,15-21), or ? (given at generation)' -r
complete -c dealvm -n "__fish_dealvm_using_subcommand squaredeal; and __fish_seen_subcommand_from add-phase" -l prefix -d 'The files\' names, a run of # standing for the session number: SWISS## writes SWISS01.pbn' -r
complete -c dealvm -n "__fish_dealvm_using_subcommand squaredeal; and __fish_seen_subcommand_from add-phase" -l description -d 'The phase\'s description' -r
complete -c dealvm -n "__fish_dealvm_using_subcommand squaredeal; and __fish_seen_subcommand_from generate" -s f -d 'The formats, separated by commas, Big Deal\'s names as `dealvm boards -f` takes them: pbn, dlm, dlmblind, dup, dupblind, bri, dge, lin, csv, ber, borel, kops, cds, goedel (default pbn)' -r
complete -c dealvm -n "__fish_dealvm_using_subcommand squaredeal; and __fish_seen_subcommand_from generate" -l boards -d 'The boards of a phase whose boards are asked at generation (?), its sessions\' in turn: 1-16, 1-16,17-32 or 3x7' -r
complete -c dealvm -n "__fish_dealvm_using_subcommand squaredeal; and __fish_seen_subcommand_from generate" -l reserve -d 'The reserve set rather than the original one'
complete -c dealvm -n "__fish_dealvm_using_subcommand squaredeal; and __fish_seen_subcommand_from generate" -l force -d 'Replace board files that exist already'
complete -c dealvm -n "__fish_dealvm_using_subcommand serve" -l listen -d 'The address (or host name, such as localhost) and port to listen on (port 0: a free port, printed at the start)' -r
complete -c dealvm -n "__fish_dealvm_using_subcommand serve" -l max-seconds -d 'Seconds a request\'s run may deal; then it stops, and answers with what it has' -r
complete -c dealvm -n "__fish_dealvm_using_subcommand serve" -l max-generate -d 'Deals a request\'s run may examine: a larger `generate` is cut to it' -r
complete -c dealvm -n "__fish_dealvm_using_subcommand serve" -l max-deals -d 'Deals a request may get back: returned by /api/run, in a board file, printed by /deal' -r
complete -c dealvm -n "__fish_dealvm_using_subcommand serve" -l max-script-bytes -d 'Bytes of a script' -r
complete -c dealvm -n "__fish_dealvm_using_subcommand serve" -l max-request-bytes -d 'Bytes of a request\'s body (the script, and the deals given with it)' -r
complete -c dealvm -n "__fish_dealvm_using_subcommand serve" -l max-answer-bytes -d 'Bytes of a run\'s printed output: the run stops there, the output cut' -r
complete -c dealvm -n "__fish_dealvm_using_subcommand serve" -l max-running -d 'Requests running at once' -r
complete -c dealvm -n "__fish_dealvm_using_subcommand serve" -l max-waiting -d 'Requests waiting for a place; more are answered 503 at once' -r
complete -c dealvm -n "__fish_dealvm_using_subcommand serve" -l max-wait -d 'Seconds a request waits for a place before it is answered 503' -r
complete -c dealvm -n "__fish_dealvm_using_subcommand serve" -l max-threads -d 'Threads a request\'s run may deal on' -r
complete -c dealvm -n "__fish_dealvm_using_subcommand serve" -l max-header-seconds -d 'Seconds a client has to send a request\'s headers, from its connection (or from the first byte of its next request on a kept-alive connection); then the connection is closed' -r
complete -c dealvm -n "__fish_dealvm_using_subcommand serve" -l max-body-seconds -d 'Seconds a client has to send a request\'s body; then it is answered 408 and its connection closed' -r
complete -c dealvm -n "__fish_dealvm_using_subcommand serve" -l max-idle-seconds -d 'Seconds a kept-alive connection may wait for its next request; then it is closed' -r
complete -c dealvm -n "__fish_dealvm_using_subcommand serve" -l max-connections -d 'Connections open at once [default: the open-files limit less an eighth (at least 64), at most 4096]. At the cap, a new connection closes the one that has waited longest for its headers or its next request; if every one is running a request, it is answered 503' -r
complete -c dealvm -n "__fish_dealvm_using_subcommand serve" -s h -l help -d 'Print this help and stop'
