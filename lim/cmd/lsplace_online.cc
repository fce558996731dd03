#include "lsplace_online.h"

#include "client.h"
#include "command.h"

namespace openlim::cmd {
namespace {

std::vector<std::pair<std::string, double>> jobAttributes(const LsplaceOptions& o) {
  std::vector<std::pair<std::string, double>> job;
  for (const auto& j : o.job)
    if (!j.isText()) job.emplace_back(j.name, j.value);
  return job;
}

std::vector<std::pair<std::string, std::string>> jobTexts(const LsplaceOptions& o) {
  std::vector<std::pair<std::string, std::string>> job;
  for (const auto& j : o.job)
    if (j.isText()) job.emplace_back(j.name, j.text);
  return job;
}

}  // namespace

int placeOnline(const LsplaceOptions& o, Querier& lim, const std::string& localHost, Out& out,
                Out& err) {
  Client api(lim, localHost);
  auto r = api.placeExplained({.resreq = o.resreq,
                               .n = o.place.minSlots,
                               .w = o.place.maxSlots,
                               .fewestHosts = o.place.fewestHosts,
                               .explain = o.place.explain,
                               .hosts = o.place.candidates,
                               .local = localHost,
                               .policy = o.policy,
                               .job = jobAttributes(o),
                               .jobText = jobTexts(o)});
  if (!r) {
    const Status& s = r.status();
    if (s.code() == Code::kUnavailable) {
      err << "lsplace: " << (s.subcode() == Subcode::kMasterUnknown ? kMasterUnknown : kLimDown)
          << '\n';
      return kExitDown;
    }
    err << "lsplace: " << clipEchoes(o, s.message()) << '\n';
    return s.code() == Code::kInvalid || s.code() == Code::kDenied ? kExitUsage : kExitNotFound;
  }
  return printPlacement(o, *r, out, err);  // too few hosts: r->status says so
}

int placeOnlineMain(const LsplaceOptions& o) {
  auto config = shell::clientConfigFromEnvironment();
  if (!config) {
    standardError() << "lsplace: " << config.status().message() << "\n";
    return kExitUsage;
  }
  std::string local = config->localHost;
  shell::LimClient client(std::move(config.value()));  // no copy of a 10,000-line hosts file
  return placeOnline(o, client, local, standardOutput(), standardError());
}

}  // namespace openlim::cmd
