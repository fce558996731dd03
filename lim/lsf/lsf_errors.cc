// lserrno, ls_sysmsg, ls_perror and the mapping of the client's Status to LSF's numbers.
#include <cstdio>
#include <mutex>

#include "lsf/lsf.h"
#include "lsf_session.h"

namespace openlim::lsf {
namespace {

thread_local int tErrno = LSE_NO_ERR;
thread_local std::string tMessage;  // ls_sysmsg's buffer

// LSF's texts for the numbers this library sets (and the common ones a program may test).
const char* lsfText(int n) {
  switch (n) {
    case LSE_NO_ERR:
      return "No error";
    case LSE_BAD_XDR:
      return "XDR operation error";
    case LSE_MSG_SYS:
      return "Failed in sending/receiving a message";
    case LSE_BAD_ARGS:
      return "Bad arguments";
    case LSE_MASTR_UNKNW:
      return "Cannot locate master LIM now, try later";
    case LSE_LIM_DOWN:
      return "LIM is down; try later";
    case LSE_PROTOC_LIM:
      return "LIM protocol error";
    case LSE_SOCK_SYS:
      return "A socket operation has failed";
    case LSE_NO_HOST:
      return "Not enough host(s) currently eligible";
    case LSE_NO_ELHOST:
      return "No host is eligible";
    case LSE_TIME_OUT:
      return "Communication time out";
    case LSE_LIM_DENIED:
      return "Operation permission denied by LIM";
    case LSE_LIM_IGNORE:
      return "Operation ignored by LIM";
    case LSE_LIM_BADHOST:
      return "Host name not recognizable by LIM";
    case LSE_LIM_ALOCKED:
      return "Host already locked";
    case LSE_LIM_NLOCKED:
      return "Host was not locked";
    case LSE_LIM_BADMOD:
      return "Unknown host model";
    case LSE_BAD_EXP:
      return "Bad resource requirement syntax";
    case LSE_MALLOC:
      return "Memory allocation failed";
    case LSE_LSFCONF:
      return "Unable to open file lsf.conf";
    case LSE_BAD_ENV:
      return "Bad configuration environment, something missing in lsf.conf?";
    case LSE_BAD_HOST:
      return "Bad host name";
    case LSE_BAD_CLUSTER:
      return "Invalid cluster name";
    case LSE_UNKWN_RESNAME:
      return "Unknown resource name";
    case LSE_UNKWN_RESVALUE:
      return "Unknown resource value";
    case LSE_BAD_NAMELIST:
      return "Bad index name list";
    case LSE_CONF_SYNTAX:
      return "Bad lsf.conf/lsf.sudoers syntax";
    case LSE_INTERNAL:
      return "Internal library error";
    case LSE_PROTOCOL:
      return "Protocol error with server";
    case LSE_NO_MEM:
      return "Cannot allocate memory";
    default:
      return nullptr;
  }
}

// The finer cases first: each names one LSF number whatever the code that came with it.
int numberOfSubcode(Subcode sub) {
  switch (sub) {
    case Subcode::kNone:
      return LSE_NO_ERR;  // none: the code decides
    case Subcode::kUnknownHost:
    case Subcode::kBadHostName:
      return LSE_BAD_HOST;
    case Subcode::kUnknownResourceName:
      return LSE_UNKWN_RESNAME;
    case Subcode::kUnknownResourceValue:
      return LSE_UNKWN_RESVALUE;
    case Subcode::kMasterUnknown:
      return LSE_MASTR_UNKNW;
    case Subcode::kLocalHostUnknown:
      return LSE_LIM_BADHOST;
    case Subcode::kRequestTooLarge:
      return LSE_BAD_ARGS;  // the caller's argument, refused unsent (docs/client.md)
  }
  return LSE_NO_ERR;
}

int numberOfCode(Code code) {
  switch (code) {
    case Code::kOk:
      return LSE_NO_ERR;
    case Code::kUnavailable:
      return LSE_LIM_DOWN;
    case Code::kInvalid:
    case Code::kUnsupported:
      return LSE_BAD_EXP;
    case Code::kNotFound:  // notfound and noteligible: too few hosts
    case Code::kNotEligible:
      return LSE_NO_HOST;
    case Code::kDenied:
      return LSE_LIM_DENIED;
    case Code::kIo:
      return LSE_LSFCONF;
    case Code::kInternal:
      return LSE_PROTOC_LIM;
  }
  return LSE_INTERNAL;
}

}  // namespace

// Decided on the Status's code and subcode only, never on its message (LSF's words for people).
int errorNumberOf(const Status& s) {
  if (s.isOk()) return LSE_NO_ERR;
  int fine = numberOfSubcode(s.subcode());
  return fine != LSE_NO_ERR ? fine : numberOfCode(s.code());
}

int fail(const Status& s) {
  tErrno = errorNumberOf(s);
  return tErrno;
}

int fail(int lse) {
  tErrno = lse;
  return lse;
}

}  // namespace openlim::lsf

using openlim::lsf::tErrno;
using openlim::lsf::tMessage;

extern "C" int* ls_errnoLocation(void) {
  return &tErrno;
}

extern "C" char* ls_sysmsg(void) {
  const char* t = openlim::lsf::lsfText(tErrno);
  tMessage = t != nullptr ? t : "Unknown error " + std::to_string(tErrno);
  return tMessage.data();
}

extern "C" void ls_perror(char* usrMsg) {
  const char* msg = ls_sysmsg();
  if (usrMsg != nullptr && *usrMsg != '\0')
    std::fprintf(stderr, "%s: %s\n", usrMsg, msg);
  else
    std::fprintf(stderr, "%s\n", msg);
}
