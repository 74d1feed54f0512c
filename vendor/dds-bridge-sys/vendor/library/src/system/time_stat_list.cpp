/*
   DDS, a bridge double dummy solver.

   Copyright (C) 2006-2014 by Bo Haglund /
   2014-2018 by Bo Haglund & Soren Hein.

   See LICENSE and README.
*/


#include <ostream> // dealvm patch (PATCHES.md): not <iostream>
#include <cstdio> // dealvm patch (PATCHES.md): for stderr
#include <iomanip>
#include <sstream>

#include "time_stat_list.hpp"

using std::right;
using std::setw;
using std::string;
using std::stringstream;


TimeStatList::TimeStatList()
{
    TimeStatList::Reset();
}


TimeStatList::~TimeStatList()
{
    TimeStatList::Clear();
}


void TimeStatList::Reset()
{
}

void TimeStatList::Clear()
{
    list.clear();
    name.clear();
}


void TimeStatList::Init(
    const string& tname,
    const unsigned len)
{
    name = tname;
    list.resize(len);
}


void TimeStatList::Add(
    const unsigned Pos,
    const TimeStat& add)
{
    if (Pos < list.size()) {
        list[Pos] += add;
    } else {
        // dealvm patch (PATCHES.md): stdio, not std::cerr.
        std::fprintf(stderr, "[E] TimeStatList::Add(): Pos %u out of range, size %zu\n", Pos, list.size());
    }    
}


bool TimeStatList::Used() const
{
    for (unsigned i = 0; i < list.size(); i++)
    {
        if (list[i].Used())
            return true;
    }
    return false;
}


string TimeStatList::List() const
{
    if (! TimeStatList::Used())
        return "";

    stringstream ss;
    ss << name << "\n\n";
    ss << list[0].Header();

    TimeStat tsum;
    for (unsigned i = 0; i < list.size(); i++)
    {
        if (! list[i].Used())
            continue;

        tsum += list[i];
        ss << setw(5) << right << i << list[i].Line();
    }

    ss << setw(5) << right << "Avg" << tsum.Line() << "\n";

    return ss.str();
}

