/* LD_PRELOAD shim for tests: statvfs/statvfs64/statfs/statfs64 on a path under the
 * directory named by $OPENLIM_HANG_PATH (or $STATVFS_SHIM_HANG) block forever, like a
 * filesystem on a dead NFS server. Every other path goes to the real libc function.
 * Used to check that a hung /tmp never stops the lim agent's load reports. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <unistd.h>

static const char* hangPrefix(void) {
  const char* p = getenv("OPENLIM_HANG_PATH");
  if (!p || !*p) p = getenv("STATVFS_SHIM_HANG");
  return (p && *p) ? p : NULL;
}

/* True when path is the hang directory or below it (prefix on a '/' boundary). */
static int shouldHang(const char* path) {
  const char* prefix = hangPrefix();
  if (!prefix || !path) return 0;
  size_t n = strlen(prefix);
  while (n > 1 && prefix[n - 1] == '/') --n;
  return strncmp(path, prefix, n) == 0 && (path[n] == '\0' || path[n] == '/');
}

static void hangForever(void) {
  for (;;) pause(); /* a signal handler may return; keep hanging */
}

#define SHIM(name, type)                                                           \
  int name(const char* path, struct type* buf) {                                   \
    static int (*real)(const char*, struct type*);                                 \
    if (shouldHang(path)) hangForever();                                           \
    if (!real) real = (int (*)(const char*, struct type*))dlsym(RTLD_NEXT, #name); \
    return real ? real(path, buf) : -1;                                            \
  }

SHIM(statvfs, statvfs)
SHIM(statvfs64, statvfs64)
SHIM(statfs, statfs)
SHIM(statfs64, statfs64)
