"use client";

import type { ComponentType } from "react";
import { ActorProfiles } from "./actor-profiles.tsx";
import { BlockList } from "./block-list.tsx";
import { DeliveriesPanel } from "./deliveries-panel.tsx";
import { FollowersByInstance } from "./followers-by-instance.tsx";
import { PublishingSwitches } from "./publishing-switches.tsx";

/**
 * admin › Fediverso: a list of independent sections, each reading what it needs. A further section (the
 * deliveries, the replies) is one more line here.
 */
const SECTIONS: { key: string; Section: ComponentType }[] = [
  { key: "followers", Section: FollowersByInstance },
  { key: "profiles", Section: ActorProfiles },
  { key: "switches", Section: PublishingSwitches },
  { key: "deliveries", Section: DeliveriesPanel },
  { key: "blocks", Section: BlockList },
];

export function FediverseTab() {
  return (
    <div className="space-y-6" data-testid="admin-tab-fediverse">
      {SECTIONS.map(({ key, Section }) => (
        <Section key={key} />
      ))}
    </div>
  );
}
