import { afterAll } from "vitest";
import { takeSlot } from "./fast-slots.ts";

// A fast tier's file runs in one of the run's few slots, whatever its group's worker count (./fast-slots.ts).
const release = await takeSlot();
afterAll(release);
