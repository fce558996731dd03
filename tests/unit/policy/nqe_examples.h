#pragma once
// Every example policy of the NLB chapter, each as a file of its own (some reuse one name),
// and the expression fragments it shows. The comment lines are ours; the policy lines are
// kept exactly as the chapter prints them.

namespace openlim::policy::testing {

inline const char* const kExamplePolicies[] = {
    R"(# Hosts of one hardware family only
policy: SPARC
constraint: [ NLB_HARDWARE == "SPARC" ]
)",
    R"(policy: bigjob
constraint: NLB_FREEMEM > 32768
)",
    R"(policy: idlecpu
sort: NLB_IDLECPU
)",
    R"(policy: idlecpu
sort: NLB_IDLECPU * NLB_SITE_CPUNORM
)",
    R"(policy: AGE
constraint: exists(NLB_QUEUE_NAME) && AGE < 60
sort: NLB_A_IDLECPU * NLB_SITE_CPUNORM
)",
    R"(policy: default
constraint: [NLB_HARDWARE == "CRAY"] => (NLB_A_SYSCPU / NLB_NCPUS) < 10.0
constraint: [NLB_HARDWARE == "sun"] => NLB_PHYSMEM >= 32768
sort: NLB_NCPUS
)",
    R"(policy:AGE
sort: NLB_A_IDLECPU * NLB_SITE_CPUNORM
)",
    R"(policy: first
constraint: [NLB_APPLICATIONS == "Nastran"]
sort: (NLB_A_IDLECPU +5)/10000
policy: second
constraint: [NLB_APPLICATIONS == "Unichem"] ||\
 [NLB_APPLICATIONS == "TurboKiva"]
sort: (NLB_A_IDLECPU +5)/10000
)",
    R"(# Cray hosts that reported in the last five minutes, not short of memory, with little
# system time per CPU; the most CPUs per queued process first.
#
policy: RUNQUEUE
constraint:[NLB_HARDWARE == "cray"] && age < 300
constraint:(NLB_PHYSMEM - NLB_A_FREEMEM + (NLB_SWAPSIZE - NLB_SWAPFREE) * 1024) /NLB_PHYSMEM < 4
constraint: NLB_NCPUS <= 2 => NLB_A_SYSCPU / NLB_NCPUS <20
constraint:(NLB_NCPUS > 2) => (NLB_A_SYSCPU / NLB_NCPUS <3.5)
sort: NLB_NCPUS / NLB_A_RUNQLEN
)",
    R"(policy: AGE
constraint: AGE < 300
constraint: NLB_A_SYSCPU < 10
sort: NLB_A_IDLECPU * NLB_NCPUS
)",
    R"(policy: MEMORY
constraint: NLB_PHYSMEM > 32768
constraint: (NLB_PHYSMEM - NLB_A_FREEMEM + (NLB_SWAPSIZE - NLB_SWAPFREE) * 1024) / NLB_PHYSMEM < 3
sort: NLB_PHYSMEM
policy: CPU
constraint: NLB_A_SYSCPU / NLB_NCPUS < NLB_SYSCPU_LIMIT
constraint: NLB_A_RUNQLEN / NLB_NCPUS < NLB_RUNQLEN_LIMIT
sort: NLB_A_IDLECPU * NLB_NCPUS + NLB_NCPUS
)",
};

inline const char* const kExampleFragments[] = {
    "exists(NLB_QUEUE_NAME) && age < 300",
    "exists(job_nastran) => exists(host_nastran)",
    "exists(job_oracle) => exists(host_oracle)",
    "exists(job_unichem) => exists(host_unichem)",
};

}  // namespace openlim::policy::testing
