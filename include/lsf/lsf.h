/*
 * LSF's load-sharing C API (liblsf), on top of the openlim client library. A program written
 * against LSF's base API for cluster, host, load and placement information builds unchanged:
 * the names, structures, constants and error numbers below are LSF's. docs/client.md says
 * what each call does here, who owns what it returns and which calls are not provided.
 *
 * Memory: as in LSF, what a call returns lives in storage of the library that the next call
 * of the same function (in the same thread) reuses; copy what must be kept. Nothing returned
 * is to be freed by the caller.
 *
 * Errors: a call that fails returns NULL (or -1) and sets lserrno to an LSE_* number;
 * ls_sysmsg() gives its text and ls_perror() prints it. lserrno is per thread.
 */
#ifndef OPENLIM_LSF_LSF_H
#define OPENLIM_LSF_LSF_H

#include <sys/param.h> /* MAXHOSTNAMELEN */
#include <time.h>

#ifndef MAXHOSTNAMELEN
#define MAXHOSTNAMELEN 64
#endif

#ifdef __cplusplus
extern "C" {
#endif

#define MAXLSFNAMELEN 40
#define MAXRESDESLEN 256
#define NBUILTINDEX 11
#define MAXTYPES 128
#define MAXMODELS 128

/* The built-in load indices: positions in hostLoad.li and hostInfo.busyThreshold. */
#define R15S 0
#define R1M 1
#define R15M 2
#define UT 3
#define PG 4
#define IO 5
#define LS 6
#define IT 7
#define TMP 8
#define SWP 9
#define MEM 10

/* A load index whose value is not known. */
#define INFINIT_LOAD (float)(0x7fffffff)
#define INFINIT_FLOAT (float)(0x7fffffff)
#define INFINIT_INT 0x7fffffff

/* Options of ls_load, ls_loadinfo, ls_placereq, ls_placeofhosts, ls_gethostinfo. */
#define EXACT 0x01     /* exactly *numhosts hosts, or fail with LSE_NO_HOST */
#define OK_ONLY 0x02   /* only hosts whose status is ok */
#define NORMALIZE 0x04 /* run queue lengths normalised by CPU factor and CPUs */
#define LOCALITY 0x08
#define IGNORE_RES 0x10
#define LOCAL_ONLY 0x20
#define DFT_FROMTYPE 0x40
#define ALL_CLUSTERS 0x80
#define EFFECTIVE 0x100 /* effective run queue lengths */
#define RECV_FROM_CLUSTERS 0x200
#define NEED_MY_CLUSTER_NAME 0x400

/* hostLoad.status[0] bits; status[1 + i / INTEGER_BITS] bit i % INTEGER_BITS: index i busy. */
#define INTEGER_BITS 32
#define GET_INTNUM(i) ((i) / INTEGER_BITS + 1)
#define LIM_UNAVAIL 0x00010000
#define LIM_LOCKEDU 0x00020000
#define LIM_LOCKEDW 0x00040000
#define LIM_BUSY 0x00080000
#define LIM_RESDOWN 0x00100000
#define LIM_LOCKEDM 0x00200000
#define LIM_OK_MASK 0x00bf0000
#define LIM_SBDDOWN 0x00400000

#define LS_ISUNAVAIL(status) (((status[0]) & LIM_UNAVAIL) != 0)
#define LS_ISBUSYON(status, index) \
  (((status[1 + (index) / INTEGER_BITS]) & (1 << (index) % INTEGER_BITS)) != 0)
#define LS_ISBUSY(status) (((status[0]) & LIM_BUSY) != 0)
#define LS_ISLOCKEDU(status) (((status[0]) & LIM_LOCKEDU) != 0)
#define LS_ISLOCKEDW(status) (((status[0]) & LIM_LOCKEDW) != 0)
#define LS_ISLOCKEDM(status) (((status[0]) & LIM_LOCKEDM) != 0)
#define LS_ISLOCKED(status) (((status[0]) & (LIM_LOCKEDU | LIM_LOCKEDW | LIM_LOCKEDM)) != 0)
#define LS_ISRESDOWN(status) (((status[0]) & LIM_RESDOWN) != 0)
#define LS_ISSBDDOWN(status) (((status[0]) & LIM_SBDDOWN) != 0)
#define LS_ISOK(status) (((status[0]) & LIM_OK_MASK) == 0)
#define LS_ISOKNRES(status) (((status[0]) & ~(LIM_RESDOWN | LIM_SBDDOWN)) == 0)

struct placeInfo {
  char hostName[MAXHOSTNAMELEN];
  int numtask;
};

struct hostLoad {
  char hostName[MAXHOSTNAMELEN];
  int* status; /* 1 + GET_INTNUM(number of indices) words */
  float* li;   /* one value per index; INFINIT_LOAD when unknown */
};

enum valueType { LS_BOOLEAN, LS_NUMERIC, LS_STRING, LS_EXTERNAL };
#define BOOLEAN LS_BOOLEAN
#define NUMERIC LS_NUMERIC
#define STRING LS_STRING
#define EXTERNAL LS_EXTERNAL
enum orderType { INCR, DECR, NA };

#define RESF_BUILTIN 0x01
#define RESF_DYNAMIC 0x02
#define RESF_GLOBAL 0x04
#define RESF_SHARED 0x08
#define RESF_EXTERNAL 0x10
#define RESF_RELEASE 0x20
#define RESF_DEFINED_IN_RESOURCEMAP 0x40

struct resItem {
  char name[MAXLSFNAMELEN];
  char des[MAXRESDESLEN];
  enum valueType valueType;
  enum orderType orderType;
  int flags;
  int interval;
};

struct lsInfo {
  int nRes;
  struct resItem* resTable;
  int nTypes;
  char hostTypes[MAXTYPES][MAXLSFNAMELEN];
  int nModels;
  char hostModels[MAXMODELS][MAXLSFNAMELEN];
  char hostArchs[MAXMODELS][MAXLSFNAMELEN];
  int modelRefs[MAXMODELS];
  float cpuFactor[MAXMODELS];
  int numIndx;    /* load indices: the built-ins, then the external ones */
  int numUsrIndx; /* external load indices */
};

struct hostInfo {
  char hostName[MAXHOSTNAMELEN];
  char* hostType;
  char* hostModel;
  float cpuFactor;
  int maxCpus; /* 0 when not known yet */
  int maxMem;  /* MB; 0 when not known yet */
  int maxSwap; /* MB */
  int maxTmp;  /* MB */
  int nDisks;
  int nRes;
  char** resources;
  int nDRes;
  char** DResources;
  char* windows;
  int numIndx;
  float* busyThreshold; /* by load index; INFINIT_LOAD when none */
  char isServer;
  char licensed;
  int rexPriority;
  int licFeaturesNeeded;
};

/* Error numbers (lserrno). */
#define LSE_NO_ERR 0
#define LSE_BAD_XDR 1
#define LSE_MSG_SYS 2
#define LSE_BAD_ARGS 3
#define LSE_MASTR_UNKNW 4
#define LSE_LIM_DOWN 5
#define LSE_PROTOC_LIM 6
#define LSE_SOCK_SYS 7
#define LSE_ACCEPT_SYS 8
#define LSE_BAD_TASKF 9
#define LSE_NO_HOST 10
#define LSE_NO_ELHOST 11
#define LSE_TIME_OUT 12
#define LSE_NIOS_DOWN 13
#define LSE_LIM_DENIED 14
#define LSE_LIM_IGNORE 15
#define LSE_LIM_BADHOST 16
#define LSE_LIM_ALOCKED 17
#define LSE_LIM_NLOCKED 18
#define LSE_LIM_BADMOD 19
#define LSE_SIG_SYS 20
#define LSE_BAD_EXP 21
#define LSE_NORCHILD 22
#define LSE_MALLOC 23
#define LSE_LSFCONF 24
#define LSE_BAD_ENV 25
#define LSE_BAD_HOST 46
#define LSE_BAD_CLUSTER 51
#define LSE_UNKWN_RESNAME 58
#define LSE_UNKWN_RESVALUE 59
#define LSE_BAD_NAMELIST 64
#define LSE_CONF_SYNTAX 68
#define LSE_INTERNAL 83
#define LSE_PROTOCOL 84
#define LSE_NO_MEM 98
#define LSE_NERR 137

#define LSE_ISBAD_RESREQ(s) \
  (((s) == LSE_BAD_EXP) || ((s) == LSE_UNKWN_RESNAME) || ((s) == LSE_UNKWN_RESVALUE))

/* The calling thread's last error (an lvalue, as errno). */
int* ls_errnoLocation(void);
#define lserrno (*ls_errnoLocation())

char* ls_getclustername(void);
char* ls_getmastername(void);
struct hostInfo* ls_gethostinfo(char* resreq, int* numhosts, char** hostlist, int listsize,
                                int options);
char* ls_gethosttype(char* hostname);
char* ls_gethostmodel(char* hostname);
float* ls_gethostfactor(char* hostname);
struct lsInfo* ls_info(void);
struct hostLoad* ls_load(char* resreq, int* numhosts, int options, char* fromhost);
struct hostLoad* ls_loadinfo(char* resreq, int* numhosts, int options, char* fromhost,
                             char** hostlist, int listsize, char*** indxnamelist);
char** ls_placereq(char* resreq, int* numhosts, int options, char* fromhost);
char** ls_placeofhosts(char* resreq, int* numhosts, int options, char* fromhost, char** hostlist,
                       int listsize);
int ls_loadadj(char* resreq, struct placeInfo* hostlist, int listsize);
int ls_lockhost(time_t duration);
int ls_unlockhost(void);
void ls_perror(char* usrMsg);
char* ls_sysmsg(void);

#ifdef __cplusplus
}
#endif

#endif /* OPENLIM_LSF_LSF_H */
