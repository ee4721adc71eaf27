// Programming-error checks: a broken invariant in our own code (a shape mismatch between two ops),
// not bad user input. User input (files, text, images) is validated where it enters and reported
// as an error message; it must never reach one of these.
#pragma once
#include <cstdio>
#include <cstdlib>

#define ATTN_ASSERT(cond, ...)                                                              \
    do {                                                                                    \
        if (!(cond)) {                                                                      \
            std::fprintf(stderr, "%s:%d: assertion failed: %s: ", __FILE__, __LINE__, #cond); \
            std::fprintf(stderr, __VA_ARGS__);                                              \
            std::fputc('\n', stderr);                                                       \
            std::abort();                                                                   \
        }                                                                                   \
    } while (0)
