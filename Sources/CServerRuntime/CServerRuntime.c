#define _GNU_SOURCE
#include "CServerRuntime.h"

#ifdef __linux__
#include <sched.h>
#endif

extern void *swift_task_enqueueGlobal_hook;

void **bi_swift_task_enqueueGlobal_hook_address(void) {
    return &swift_task_enqueueGlobal_hook;
}

int bi_affinity_core_count(void) {
#ifdef __linux__
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof(set), &set) != 0) return 0;
    return CPU_COUNT(&set);
#else
    return 0;
#endif
}
