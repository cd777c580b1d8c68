import { describe, expect, it } from "vitest";
import { pickMessages } from "~/platform/i18n/pick-messages.ts";

const catalog = {
  nav: { home: "Inicio", news: "Noticias" },
  auth: { login: "Entrar", logout: "Salir", registerTitle: "Crear cuenta" },
  taxonomy: { topics: { regulacion: "Regulación" }, types: { analisis: "Análisis" }, companyTypes: { x: "X" } },
  advertisingPage: { title: "Publicidad" },
};

describe("pickMessages", () => {
  it("keeps whole namespaces, sub-trees and single texts, and nothing else", () => {
    expect(pickMessages(catalog, ["nav", "auth.login", "auth.logout", "taxonomy.topics", "taxonomy.types"])).toEqual({
      nav: { home: "Inicio", news: "Noticias" },
      auth: { login: "Entrar", logout: "Salir" },
      taxonomy: { topics: { regulacion: "Regulación" }, types: { analisis: "Análisis" } },
    });
  });

  it("skips paths the catalog lacks instead of inventing them", () => {
    expect(pickMessages(catalog, ["missing", "nav.missing", "auth.login.deeper"])).toEqual({});
  });
});
