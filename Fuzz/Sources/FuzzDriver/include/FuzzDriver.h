// libFuzzer's driver, which the fuzzer sanitizer links in: BricksFuzz calls it from its own main so
// that the first argument can name the target.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
