/*
   DDS, a bridge double dummy solver.

   Copyright (C) 2006-2014 by Bo Haglund /
   2014-2018 by Bo Haglund & Soren Hein.

   See LICENSE and README.
*/

#pragma once

#include <vector>

#include <api/dds_data_types.hpp>


void detect_play_duplicates(
    const Boards& bds,
    std::vector<int>& uniques,
    std::vector<int>& crossrefs);
