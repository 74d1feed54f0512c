#ifndef _DDS_EXTERNAL_C_API_H
#define _DDS_EXTERNAL_C_API_H

#include <api/dds.h>
#include <api/dll.h>
#include <api/portab.h>

#endif // _DDS_EXTERNAL_C_API_H