#ifndef C_SERVER_RUNTIME_H
#define C_SERVER_RUNTIME_H

/// The address of Swift concurrency's global-enqueue hook (`swift_task_enqueueGlobal_hook`),
/// which decides where the runtime runs tasks that have no executor of their own. Reached by
/// the linker: a statically linked runtime keeps it out of the dynamic symbol table, where
/// `dlsym` would look.
void *_Nullable *_Nonnull bi_swift_task_enqueueGlobal_hook_address(void);

/// The cores in this process's CPU affinity mask (`taskset`, a container's cpuset), or 0 if
/// the mask cannot be read.
int bi_affinity_core_count(void);

#endif
