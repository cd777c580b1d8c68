import { lowerProcessPriority } from "~/platform/cpu/lower-priority.ts";

// The fast tiers' files run below the timed files in CPU priority (nice 5; a timed file's worker keeps the
// default), so they take the cores a timed file leaves rather than stretching the rate it measures beside them.
// Nice ranks processes within one session (the kernel's autogroups): here the run's workers and their children.
lowerProcessPriority(5);
