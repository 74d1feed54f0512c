// dealvm patch (PATCHES.md): DDS's search compiled as one translation unit,
// so that the compiler inlines across its files (move generation, quick
// tricks, the transposition table and the search call each other at every
// node) and reaches the lookup tables without going through the global
// offset table. build.rs compiles these files here and not on their own.
#include "ab_search.cpp"
#include "calc_tables.cpp"
#include "heuristic_sorting/heuristic_sorting.cpp"
#include "init.cpp"
#include "later_tricks.cpp"
#include "lookup_tables/lookup_tables.cpp"
#include "moves/moves.cpp"
#include "quick_tricks.cpp"
#include "solver_context/solver_context.cpp"
#include "solver_if.cpp"
#include "trans_table/trans_table_p.cpp"
