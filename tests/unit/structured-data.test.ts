import { describe, expect, it } from "vitest";
import { authorJsonLd, personSameAs, publisherJsonLd } from "~/features/seo/structured-data.ts";

describe("structured data", () => {
  it("types the desk and sponsors as Organization, with no label in the sponsor's name", () => {
    expect(authorJsonLd({ author: "Redacción Riesgos IA", author_name: "Redacción Riesgos IA" })).toMatchObject({
      "@type": "Organization",
      name: "Redacción Riesgos IA",
    });
    expect(
      authorJsonLd({ author: "Trazia Labs", author_name: "Trazia Labs (contenido patrocinado)", sponsored: true }),
    ).toEqual({ "@type": "Organization", name: "Trazia Labs" });
    expect(authorJsonLd({ author: "Ana Pérez" })).toEqual({ "@type": "Person", name: "Ana Pérez" });
    expect(authorJsonLd({})).toMatchObject({ "@type": "Organization", name: "Riesgos IA" });
  });

  it("gives the publisher a raster logo", () => {
    expect(publisherJsonLd()).toMatchObject({
      "@type": "Organization",
      name: "Riesgos IA",
      logo: { "@type": "ImageObject", url: expect.stringMatching(/\/logo\.png$/), width: 512, height: 512 },
    });
  });

  it("keeps in sameAs only the person's own profiles, not the institutions they work with", () => {
    expect(
      personSameAs([
        { url: "https://www.aisi.gov.uk/" },
        { url: "https://eur-lex.europa.eu/eli/reg/2024/1689/oj" },
        { url: "https://www.linkedin.com/in/lucia-montaner" },
        { url: "https://orcid.org/0000-0002-1825-0097" },
        { url: "https://github.com/openai" },
        { url: "https://www.linkedin.com/company/openai" },
      ]),
    ).toEqual(["https://www.linkedin.com/in/lucia-montaner", "https://orcid.org/0000-0002-1825-0097"]);
  });
});
