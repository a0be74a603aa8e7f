import { TLP_LEVELS, type StixObject, type TlpLevel } from '../../../contract/threats.js';

/* TLP marking definitions: the ones a bundle we export carries, and reading a level from the ones we receive. */

/** The official TLP 2.0 marking definitions (OASIS cti-stix-common-objects; FIRST TLP 2.0). */
export const TLP2_EXTENSION_ID = 'extension-definition--60a3c5c5-0d10-413e-aab3-9e08dde9e88d';
export const TLP2_MARKING_IDS: Readonly<Record<TlpLevel, string>> = {
  CLEAR: 'marking-definition--94868c89-83c2-464b-929b-a1a8aa3c8487',
  GREEN: 'marking-definition--bab4a63c-aed9-4cf5-a766-dfca5abac2bb',
  AMBER: 'marking-definition--55d920b0-5e8b-4f79-9ee9-91f868d9b421',
  'AMBER+STRICT': 'marking-definition--939a9414-2ddd-4d32-a0cd-375ea402b003',
  RED: 'marking-definition--e828b379-4e03-4974-9ac4-e53a884c97c1',
};
export const TLP2_CREATED = '2022-10-01T00:00:00.000Z';

/** The STIX 2.1 specification's own TLP 1.0 markings, which older feeds still send. WHITE became CLEAR. */
export const TLP1_MARKING_IDS: Readonly<Record<string, TlpLevel>> = {
  'marking-definition--613f2e26-407d-48c7-9eca-b8e91df99dc9': 'CLEAR',
  'marking-definition--34098fce-860f-48ae-8e50-ebd3cc5e41da': 'GREEN',
  'marking-definition--f88d31f6-486f-44da-b317-01333bde0b82': 'AMBER',
  'marking-definition--5e57c739-391a-4eb3-b6be-7d15ca92d5ed': 'RED',
};

const TLP_BY_MARKING_ID: ReadonlyMap<string, TlpLevel> = new Map([
  ...Object.entries(TLP2_MARKING_IDS).map(([level, id]) => [id, level as TlpLevel] as const),
  ...Object.entries(TLP1_MARKING_IDS),
]);

/** Markings every STIX reader knows without their definition: a reference to one is never dangling. */
export const WELL_KNOWN_MARKING_IDS: ReadonlySet<string> = new Set(TLP_BY_MARKING_ID.keys());

export function tlpMarkingDefinition(level: TlpLevel): StixObject {
  return {
    type: 'marking-definition',
    spec_version: '2.1',
    id: TLP2_MARKING_IDS[level],
    created: TLP2_CREATED,
    name: `TLP:${level}`,
    extensions: {
      [TLP2_EXTENSION_ID]: { extension_type: 'property-extension', tlp_2_0: level.toLowerCase() },
    },
  };
}

/** What a marking definition sent in the bundle says about TLP, if anything. */
function tlpOfDefinition(definition: Record<string, unknown>): TlpLevel | null {
  const extension = (definition.extensions as Record<string, { tlp_2_0?: unknown }> | undefined)?.[
    TLP2_EXTENSION_ID
  ];
  const tlp2 = typeof extension?.tlp_2_0 === 'string' ? extension.tlp_2_0.toUpperCase() : null;
  if (tlp2 && (TLP_LEVELS as readonly string[]).includes(tlp2)) return tlp2 as TlpLevel;
  const tlp1 = (definition.definition as { tlp?: unknown } | undefined)?.tlp;
  if (definition.definition_type === 'tlp' && typeof tlp1 === 'string') {
    const level = tlp1.toUpperCase() === 'WHITE' ? 'CLEAR' : tlp1.toUpperCase();
    if ((TLP_LEVELS as readonly string[]).includes(level)) return level as TlpLevel;
  }
  const named = typeof definition.name === 'string' ? /^TLP:\s*(.+)$/i.exec(definition.name.trim()) : null;
  const level = named?.[1]!.toUpperCase() === 'WHITE' ? 'CLEAR' : named?.[1]!.toUpperCase();
  return level && (TLP_LEVELS as readonly string[]).includes(level) ? (level as TlpLevel) : null;
}

/** The TLP level a marking reference names: a well-known marking id, else what its definition in the bundle says. */
export function tlpOfMarking(ref: string, definition: Record<string, unknown> | undefined): TlpLevel | null {
  return (
    TLP_BY_MARKING_ID.get(ref) ??
    (definition?.type === 'marking-definition' ? tlpOfDefinition(definition) : null)
  );
}
