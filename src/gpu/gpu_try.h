// GPU_TRY(expr): returns a failed Status from the enclosing function (which returns Status). GL
// work fails as a Status (a limit, a compile log, lost memory), and a pass chains many calls.
#pragma once
#include "core/status.h"

#define GPU_TRY(expr)                  \
    do {                               \
        const Status s_ = (expr);      \
        if (!s_) return s_;            \
    } while (0)
