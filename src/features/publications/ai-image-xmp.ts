import { TRAINED_ALGORITHMIC_MEDIA } from "~/platform/providers/media-keys.ts";

const IPTC_EXT = "http://iptc.org/std/Iptc4xmpExt/2008-02-29/";
const DESCRIPTION = `<rdf:Description rdf:about="" xmlns:Iptc4xmpExt="${IPTC_EXT}" Iptc4xmpExt:DigitalSourceType="${TRAINED_ALGORITHMIC_MEDIA}"/>`;

/**
 * The XMP packet a generated image is stored with: the provider's own packet (its C2PA reference, its
 * credits) with the IPTC digital source type added beside it, or a packet of its own when there was none.
 * A provider that already declared a digital source type keeps its declaration.
 */
export function generatedImageXmp(providerXmp: string | undefined): string {
  if (providerXmp && /DigitalSourceType/.test(providerXmp)) return providerXmp;
  if (providerXmp?.includes("</rdf:RDF>")) return providerXmp.replace("</rdf:RDF>", `${DESCRIPTION}</rdf:RDF>`);
  return (
    `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>` +
    `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
    `${DESCRIPTION}</rdf:RDF></x:xmpmeta><?xpacket end="w"?>`
  );
}
