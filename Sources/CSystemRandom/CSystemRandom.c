#include "CSystemRandom.h"

#include <errno.h>

#if defined(__APPLE__)
#include <stdlib.h>
#else
#include <sys/random.h>
#endif

/* Swift's SystemRandomNumberGenerator asks the kernel for 8 bytes at a time on Linux: a
   32-byte token was four getrandom(2) calls. This asks once for the whole buffer. */
int bi_fill_random(void *buffer, size_t count) {
#if defined(__APPLE__)
    arc4random_buf(buffer, count);
    return 0;
#else
    size_t filled = 0;
    while (filled < count) {
        ssize_t got = getrandom((char *)buffer + filled, count - filled, 0);
        if (got < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        filled += (size_t)got;
    }
    return 0;
#endif
}
