#ifndef CFUZZERDRIVER_H
#define CFUZZERDRIVER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's entry point for programs that keep their own `main` (from libclang_rt.fuzzer_no_main,
/// linked only by `scripts/fuzz`): runs the fuzzing loop with `callback` as the target.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
