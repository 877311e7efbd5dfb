/* A preloaded library for the aarch64 tests: getauxval(AT_HWCAP) without the bits named, in hex,
 * by HASHSCOPE_TEST_HWCAP_CLEAR. QEMU has no ARMv8 model without the crypto extension or the CRC32
 * instructions (Raspberry Pi 3 and 4 lack the first), so the tests run a model with them and make
 * the whole process (our detection, libcpuinfo, OpenSSL, ISA-L) see a CPU without them: every
 * library then takes its plain path, and the registry must choose rows that need nothing cleared.
 * Set for the emulated program only, with QEMU_SET_ENV=LD_PRELOAD=...,HASHSCOPE_TEST_HWCAP_CLEAR=... */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <sys/auxv.h>

unsigned long getauxval(unsigned long type) {
    unsigned long (*real)(unsigned long);
    *(void**)(&real) = dlsym(RTLD_NEXT, "getauxval"); /* POSIX's way round ISO C's function pointers */
    unsigned long value = real(type);
    if (type == AT_HWCAP) {
        const char* clear = getenv("HASHSCOPE_TEST_HWCAP_CLEAR");
        if (clear != NULL) value &= ~strtoul(clear, NULL, 16);
    }
    return value;
}
