#ifndef DDS_BRIDGE_SYS_WRAPPER_H
#define DDS_BRIDGE_SYS_WRAPPER_H

#include <api/dll.h>
#include "dds_context.h"

#endif
