#ifndef CSYSTEMRANDOM_H
#define CSYSTEMRANDOM_H

#include <stddef.h>

/// Fills `count` bytes at `buffer` from the operating system's CSPRNG in one call where it can
/// (Linux `getrandom`, Apple `arc4random_buf`): 0 on success, -1 when the system refused.
int bi_fill_random(void *buffer, size_t count);

#endif
