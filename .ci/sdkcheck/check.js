// Reads every public-data service of the registry's own Node SDK
// (@companieshouse/api-sdk-node) against `coview serve-demo`, and checks each
// answer as the registry would give it. Services the SDK maps are read through
// them (the SDK's resource is checked); the public endpoints it has no service
// for are read through the SDK's own HTTP client (client.apiClient.httpGet),
// and their JSON checked against the registry's documented shapes.
//
//   BASE=http://127.0.0.1:8080 KEY=<demo key> node check.js [-v]
"use strict";
const { createApiClient } = require("@companieshouse/api-sdk-node");

const base = process.env.BASE || "http://127.0.0.1:8080";
const key = process.env.KEY || "5e1f0c2a-7d3b-4c8e-9a61-0de70de70de7";
const verbose = process.argv.includes("-v");

// The SDK puts the key in the Authorization header as it is given; the
// registry's REST API documents HTTP Basic (the key as the user name, no
// password), so the key is handed over in that form.
const basic = "Basic " + Buffer.from(key + ":").toString("base64");
const api = createApiClient(basic, undefined, base);
const raw = createApiClient(key, undefined, base); // the key bare, as the SDK sends it
const get = (url) => api.apiClient.httpGet(url);

let held = 0;
const missed = [];
function check(name, ok, detail) {
  if (ok) {
    held++;
    if (verbose) console.log("ok    " + name);
  } else {
    missed.push(name + (detail === undefined ? "" : ": " + detail));
    console.log("MISS  " + name + (detail === undefined ? "" : ": " + detail));
  }
}
const nonEmpty = (a) => Array.isArray(a) && a.length > 0;
const str = (s) => typeof s === "string" && s.length > 0;
const isPerson = (kind) => /individual/.test(kind || "");

const companies = ["00006400", "00006401", "00006402", "00006403", "OC006404", "SC006405",
  "FC006406", "00006407", "00006408", "00006409", "BR006410", "00006411", "00006412",
  "00006413", "SC006414", "OE006415", "SC006416"];

async function main() {
  // Authentication, as section 7 of the spec has it.
  {
    const r = await api.apiClient.httpGet("/company/00006400", { Authorization: "" });
    check("no key: 401 Empty Authorization header", r.status === 401 && r.body && r.body.error === "Empty Authorization header", r.status);
    const b = await raw.apiClient.httpGet("/company/00006400");
    check("the key bare (not Basic): 401 Invalid Authorization, as the spec's section 7",
      b.status === 401 && b.body && b.body.error === "Invalid Authorization", b.status);
  }

  const profiles = {};
  for (const n of companies) {
    const r = await api.companyProfile.getCompanyProfile(n);
    const p = r.resource;
    // 00006408 has its optional fields null, company_status among them.
    check(`profile ${n}: 200, name, number, type`,
      r.httpStatusCode === 200 && p && str(p.companyName) && p.companyNumber === n && str(p.type),
      r.httpStatusCode);
    const body = (await get(`/company/${n}`)).body;
    profiles[n] = body;
    check(`profile ${n}: links.filingHistory mapped exactly when linked`,
      p && (p.links.filingHistory || null) === ((body.links || {}).filing_history || null));
  }
  {
    const r = await api.companyProfile.getCompanyProfile("99999999");
    // The SDK resolves any status under 500, so it maps the 404's error body
    // into a (hollow) profile: only the status is the registry's.
    check("profile 99999999: 404", r.httpStatusCode === 404, r.httpStatusCode);
  }

  // Registered office address (no SDK service).
  for (const n of companies) {
    const r = await get(`/company/${n}/registered-office-address`);
    const roa = profiles[n].registered_office_address || {};
    if (!roa.address_line_1) {
      check(`registered-office-address ${n} (the profile has none): 404`, r.status === 404, r.status);
      continue;
    }
    check(`registered-office-address ${n}: 200, kind, the profile's address`,
      r.status === 200 && r.body.kind === "registered-office-address" &&
      r.body.address_line_1 === roa.address_line_1 && r.body.postal_code === roa.postal_code,
      r.status);
  }

  // Officers, through the SDK.
  const officerIds = new Set();
  for (const n of companies) {
    const r = await api.companyOfficers.getCompanyOfficers(n, 100, 0);
    const o = r.resource;
    const linked = !!(profiles[n].links || {}).officers;
    if (!linked) {
      check(`officers ${n} (none): 200, no items, counts 0`,
        r.httpStatusCode === 200 && o && (o.items || []).length === 0 && Number(o.activeCount || 0) === 0, r.httpStatusCode);
      continue;
    }
    check(`officers ${n}: 200, items, each with name, role, appointed_on or resigned, links.officer`,
      r.httpStatusCode === 200 && o && nonEmpty(o.items) &&
      o.items.every((i) => str(i.name) && str(i.officerRole) && i.links && i.links.officer && str(i.links.officer.appointments)),
      r.httpStatusCode);
    if (!o || !o.items) continue;
    o.items.forEach((i) => officerIds.add(i.links.officer.appointments));
    const first = o.items[0];
    const id = first.links.self.split("/").pop();
    const a = await api.companyOfficers.getCompanyAppointment(n, id);
    check(`appointment ${n}/${id}: 200, the list's officer`,
      a.httpStatusCode === 200 && a.resource && a.resource.name === first.name && a.resource.officerRole === first.officerRole,
      a.httpStatusCode);
  }
  {
    const r = await api.companyOfficers.getCompanyAppointment("00006400", "no-such-appointment");
    check("appointment unknown: 404", r.httpStatusCode === 404, r.httpStatusCode);
  }
  // order_by, as the registry sorts.
  const sorted = (xs, cmp) => xs.every((x, i) => i === 0 || cmp(xs[i - 1], x) <= 0);
  for (const [by, cmp] of [
    ["appointed_on", (a, b) => (b.appointedOn || "").localeCompare(a.appointedOn || "")],
    ["resigned_on", (a, b) => (b.resignedOn || "").localeCompare(a.resignedOn || "")],
  ]) {
    const r = await api.companyOfficers.getCompanyOfficers("00006401", 100, 0, false, by);
    check(`officers 00006401 order_by=${by}: 200, latest first`,
      r.httpStatusCode === 200 && nonEmpty(r.resource.items) && sorted(r.resource.items, cmp), r.httpStatusCode);
  }
  {
    const r = await api.companyOfficers.getCompanyOfficers("00006401", 100, 0, false, "surname");
    const s = (i) => ((i.nameElements && i.nameElements.surname) || i.name.split(",")[0]).toUpperCase();
    check("officers 00006401 order_by=surname: 200, by surname",
      r.httpStatusCode === 200 && nonEmpty(r.resource.items) && sorted(r.resource.items, (a, b) => s(a).localeCompare(s(b))),
      r.httpStatusCode);
    const bad = await api.companyOfficers.getCompanyOfficers("00006401", 100, 0, false, "date_of_birth");
    check("officers order_by=date_of_birth: 400", bad.httpStatusCode === 400, bad.httpStatusCode);
    const noType = await api.companyOfficers.getCompanyOfficers("00006411", 100, 0, true);
    check("officers register_view=true without register_type: 400", noType.httpStatusCode === 400, noType.httpStatusCode);
  }
  {
    const r = await get("/company/00006411/officers?register_type=directors&register_view=true");
    check("officers 00006411 register_type=directors&register_view=true: 200, current directors only",
      r.status === 200 && nonEmpty(r.body.items) &&
      r.body.items.every((i) => /director/.test(i.officer_role) && !i.resigned_on), r.status);
    const s = await get("/company/00006400/officers?register_type=secretaries");
    check("officers 00006400 register_type=secretaries: 200, secretaries only",
      s.status === 200 && nonEmpty(s.body.items) && s.body.items.every((i) => /secretary/.test(i.officer_role)), s.status);
    const m = await get("/company/OC006404/officers?register_type=llp_members");
    check("officers OC006404 register_type=llp_members: 200, members only",
      m.status === 200 && nonEmpty(m.body.items) && m.body.items.every((i) => /llp/.test(i.officer_role)), m.status);
    const bad = await get("/company/00006400/officers?register_type=shareholders");
    check("officers register_type=shareholders: 400", bad.status === 400, bad.status);
    const notHeld = await get("/company/00006400/officers?register_type=directors&register_view=true");
    check("officers 00006400 register_view=true, register not held at the registry: 404",
      notHeld.status === 404, notHeld.status);
  }
  // Identity verification on officers (00006400: one verified, one due).
  {
    const r = await api.companyOfficers.getCompanyOfficers("00006400", 100, 0);
    const iv = (r.resource.items || []).map((i) => i.identityVerificationDetails).filter(Boolean);
    check("officers 00006400: identity_verification_details, one verified, one with a statement due",
      iv.some((d) => str(d.identityVerifiedOn)) && iv.some((d) => str(d.appointmentVerificationStatementDueOn)),
      JSON.stringify(iv));
  }

  // Officer appointments (no SDK service).
  let appts = 0;
  const apptMiss = [];
  for (const link of officerIds) {
    if (appts >= 40) break;
    appts++;
    const r = await get(link);
    const ok = r.status === 200 && nonEmpty(r.body.items) &&
      r.body.items.every((i) => i.appointed_to && str(i.appointed_to.company_number) && i.links && str(i.links.company)) &&
      (r.body.is_corporate_officer || r.body.items.every((i) => i.name_elements && str(i.name_elements.surname)));
    if (!ok) apptMiss.push(link + " " + r.status);
  }
  check(`officer appointments (${appts} officers): 200, items with appointed_to, links.company, name_elements`,
    apptMiss.length === 0, apptMiss.join(", "));
  {
    const r = await get("/officers/no-such-officer/appointments");
    check("officer appointments unknown: 404", r.status === 404, r.status);
  }

  // Filing history, through the SDK.
  for (const n of companies) {
    const r = await api.companyFilingHistory.getCompanyFilingHistory(n);
    const f = r.resource;
    const linked = !!(profiles[n].links || {}).filing_history;
    if (!linked) {
      check(`filing history ${n} (none linked): 200 with total_count 0, or 404`,
        (r.httpStatusCode === 200 && f && (f.items || []).length === 0) || r.httpStatusCode === 404, r.httpStatusCode);
      continue;
    }
    check(`filing history ${n}: 200, items, each with transaction_id, category, description, date`,
      r.httpStatusCode === 200 && f && nonEmpty(f.items) &&
      f.items.every((i) => str(i.transactionId) && str(i.category) && str(i.description) && str(i.date)), r.httpStatusCode);
    if (!f || !f.items) continue;
    check(`filing history ${n}: filing_history_status agrees with the list`,
      f.filingHistoryStatus === "filing-history-available", f.filingHistoryStatus);
    const t = f.items[0].transactionId;
    const one = await get(`/company/${n}/filing-history/${t}`);
    check(`filing ${n}/${t}: 200, the same filing`,
      one.status === 200 && one.body.transaction_id === t && one.body.description === f.items[0].description, one.status);
  }
  {
    const r = await api.companyFilingHistory.getCompanyFilingHistory("00006400", "accounts,confirmation-statement");
    const f = r.resource;
    const all = (await api.companyFilingHistory.getCompanyFilingHistory("00006400")).resource;
    // The registry adds annual returns to confirmation statements (they came before them).
    const cats = ["accounts", "confirmation-statement", "annual-return"];
    const want = (await get("/company/00006400/filing-history?items_per_page=100")).body.items.filter((i) => cats.includes(i.category)).length;
    check("filing history 00006400 category=accounts,confirmation-statement: only those (and annual returns), all of them",
      r.httpStatusCode === 200 && nonEmpty(f.items) &&
      f.items.every((i) => cats.includes(i.category)) && f.totalCount === want,
      `${r.httpStatusCode} ${f && f.totalCount} of ${want}`);
    const a = await api.companyFilingHistory.getCompanyFilingHistory("00006401", "accounts");
    check("filing history 00006401 category=accounts: only accounts",
      a.httpStatusCode === 200 && nonEmpty(a.resource.items) && a.resource.items.every((i) => i.category === "accounts") &&
      a.resource.totalCount < 5000, a.httpStatusCode);
    const none = await api.companyFilingHistory.getCompanyFilingHistory("00006400", "liquidation");
    check("filing history 00006400 category=liquidation (none): not a list of other filings",
      none.httpStatusCode === 404 || (none.httpStatusCode === 200 && (none.resource.items || []).length === 0),
      none.httpStatusCode);
  }

  // PSCs, through the SDK (list; an individual), the rest through its client.
  const pscKinds = new Set();
  for (const n of companies) {
    const r = await api.companyPsc.getCompanyPsc(n, 0, 100);
    const p = r.resource;
    check(`PSCs ${n}: 200 (an empty list is 200)`, r.httpStatusCode === 200 && p && Array.isArray(p.items || []), r.httpStatusCode);
    if (!p || !p.items) continue;
    for (const i of p.items) {
      pscKinds.add(i.kind);
      const path = i.links.self;
      if (i.kind === "individual-person-with-significant-control") {
        const id = path.split("/").pop();
        const one = await api.pscService.getPscIndividual(n, id);
        const x = one.resource;
        check(`PSC ${n} individual ${id}: 200, name_elements, natures_of_control, the list's identity verification`,
          one.httpStatusCode === 200 && x && x.nameElements && str(x.nameElements.surname) && nonEmpty(x.naturesOfControl) &&
          !!x.identityVerificationDetails === !!i.identityVerificationDetails,
          one.httpStatusCode);
      } else {
        const one = await get(path);
        check(`PSC ${n} ${i.kind}: 200, same kind, a name unless super-secure`,
          one.status === 200 && one.body.kind === i.kind && (/super-secure/.test(i.kind) || str(one.body.name)), one.status);
      }
    }
  }
  check("PSC kinds read: individual, corporate, legal person, super-secure, beneficial owners",
    ["individual-person-with-significant-control", "corporate-entity-person-with-significant-control",
      "legal-person-person-with-significant-control", "super-secure-person-with-significant-control",
      "individual-beneficial-owner", "corporate-entity-beneficial-owner", "legal-person-beneficial-owner",
      "super-secure-beneficial-owner"].every((k) => pscKinds.has(k)), [...pscKinds].join(","));
  {
    const r = await api.companyPsc.getCompanyPsc("00006411", 0, 100);
    const iv = r.resource.items.map((i) => i.identityVerificationDetails).filter(Boolean);
    check("PSCs 00006411: identity_verification_details, one verified, one with a statement due",
      iv.some((d) => str(d.identityVerifiedOn)) && iv.some((d) => str(d.appointmentVerificationStatementDueOn)), JSON.stringify(iv));
    const held = await get("/company/00006411/persons-with-significant-control?register_view=true");
    check("PSCs 00006411 register_view=true (PSC register on the public register): 200, items",
      held.status === 200 && nonEmpty(held.body.items), held.status);
    const kept = await get("/company/00006412/persons-with-significant-control?register_view=true");
    check("PSCs 00006412 register_view=true (register kept by the company): 404", kept.status === 404, kept.status);
    const none = await api.pscService.getPscIndividual("00006411", "no-such-psc");
    check("PSC individual unknown: 404", none.httpStatusCode === 404, none.httpStatusCode);
  }

  // PSC statements, through the SDK.
  for (const n of companies) {
    const r = await api.companyPscStatements.getCompanyPscStatements(n, 100, 0);
    const linked = !!(profiles[n].links || {}).persons_with_significant_control_statements;
    if (!linked) {
      check(`PSC statements ${n} (none): 404`, r.httpStatusCode === 404, r.httpStatusCode);
      continue;
    }
    const s = r.resource;
    check(`PSC statements ${n}: 200, items with statement, links.self`,
      r.httpStatusCode === 200 && s && nonEmpty(s.items) && s.items.every((i) => str(i.statement) && str(i.links.self)),
      r.httpStatusCode);
    if (s && s.items) {
      const one = await get(s.items[0].links.self);
      check(`PSC statement ${n}: 200, the list's statement`, one.status === 200 && one.body.statement === s.items[0].statement, one.status);
    }
  }

  // Charges (no SDK service).
  for (const n of companies) {
    const r = await get(`/company/${n}/charges`);
    const linked = !!(profiles[n].links || {}).charges;
    if (!linked) {
      check(`charges ${n} (none): 200, total_count 0, no items`,
        r.status === 200 && r.body.total_count === 0 && (r.body.items || []).length === 0, r.status);
      continue;
    }
    const items = r.body.items || [];
    // 00006413 links its charges but has none (has_charges false): 200, empty.
    const some = profiles[n].has_charges === true;
    check(`charges ${n}: 200, ${some ? "items" : "no items"}, total_count the items'`,
      r.status === 200 && (some ? nonEmpty(items) : items.length === 0) && r.body.total_count === items.length &&
      r.body.unfiltered_count >= r.body.satisfied_count + r.body.part_satisfied_count,
      r.status);
    if (!nonEmpty(items)) continue;
    const one = await get(items[0].links.self);
    check(`charge ${n}: 200, classification, status, the list's charge`,
      one.status === 200 && one.body.classification && str(one.body.status) && one.body.charge_number === items[0].charge_number, one.status);
  }

  // Insolvency, exemptions, registers, UK establishments (no SDK service).
  for (const n of companies) {
    const links = profiles[n].links || {};
    const ins = await get(`/company/${n}/insolvency`);
    check(`insolvency ${n}: ${links.insolvency ? "200 with cases" : "404"}`,
      links.insolvency ? ins.status === 200 && nonEmpty(ins.body.cases) : ins.status === 404, ins.status);
    const ex = await get(`/company/${n}/exemptions`);
    check(`exemptions ${n}: ${links.exemptions ? "200 with exemptions" : "404"}`,
      links.exemptions ? ex.status === 200 && ex.body.exemptions && Object.keys(ex.body.exemptions).length > 0 : ex.status === 404, ex.status);
    const reg = await get(`/company/${n}/registers`);
    check(`registers ${n}: ${links.registers ? "200 with registers" : "404"}`,
      links.registers ? reg.status === 200 && reg.body.registers : reg.status === 404, reg.status);
    const uk = await get(`/company/${n}/uk-establishments`);
    check(`uk-establishments ${n}: 200, kind related-companies, ${links.uk_establishments ? "items" : "no items"}`,
      uk.status === 200 && uk.body.kind === "related-companies" &&
      (links.uk_establishments ? nonEmpty(uk.body.items) : (uk.body.items || []).length === 0), uk.status);
  }

  // Search (no SDK service).
  for (const [path, kind] of [
    ["/search?q=marzipan", null],
    ["/search/companies?q=marzipan", "searchresults#company"],
    ["/search/officers?q=hargreave", "searchresults#officer"],
    ["/search/disqualified-officers?q=grimthorpe", "searchresults#disqualified-officer"],
    ["/search/disqualified-officers?q=crooked%20candlestick", "searchresults#disqualified-officer"],
  ]) {
    const r = await get(path);
    check(`${path}: 200, items${kind ? " of " + kind : ""}, links.self`,
      r.status === 200 && nonEmpty(r.body.items) && r.body.items.every((i) => (!kind || i.kind === kind) && str(i.links.self)),
      r.status);
  }
  // Disqualified officers, reached from the search's links.
  for (const q of ["grimthorpe", "crooked%20candlestick"]) {
    const s = await get(`/search/disqualified-officers?q=${q}`);
    for (const i of s.body.items || []) {
      const r = await get(i.links.self);
      const corp = /corporate/.test(i.links.self);
      check(`${i.links.self}: 200, kind, disqualifications with reason and dates`,
        r.status === 200 && r.body.kind === (corp ? "corporate-disqualification" : "natural-disqualification") &&
        nonEmpty(r.body.disqualifications) &&
        // a sanction has no end date
        r.body.disqualifications.every((d) => d.reason && str(d.disqualified_from) &&
          (str(d.disqualified_until) || d.disqualification_type === "sanction")),
        r.status + " " + (r.body && r.body.kind));
    }
  }
  for (const p of ["/disqualified-officers/natural/no-such", "/disqualified-officers/corporate/no-such"]) {
    const r = await get(p);
    check(`${p}: 404`, r.status === 404, r.status);
  }

  // Advanced, alphabetical and dissolved search: the SDK's three services.
  // The SDK's service builds its URL with new URLSearchParams("/advanced-search/companies?"),
  // which encodes the path into a parameter name: it asks for
  // /%2Fadvanced-search%2Fcompanies%3F=&..., which is no endpoint of the registry.
  {
    const r = await api.advancedSearch.getCompanies(null, "gooseberry", null, null, null, null, null, null, null, null, null, null, null, "sdkcheck");
    check("advanced search through the SDK's service (its URL is no endpoint): 404, as any unknown path",
      r.httpStatusCode === 404, r.httpStatusCode);
  }
  const advQuery = (o) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries({ company_name_includes: o.name, location: o.location, incorporated_from: o.from,
      sic_codes: o.sic, company_status: o.status, company_type: o.type, company_subtype: o.subtype,
      dissolved_to: o.dissolvedTo, size: o.size })) if (v) q.append(k, String(v));
    return get("/advanced-search/companies?" + q.toString()).then((r) => ({ httpStatusCode: r.status, resource: r.body }));
  };
  // So the advanced search is read through the SDK's client, with the registry's parameters.
  const adv = advQuery;
  for (const [what, o, want] of [
    ["sic 62020, location saltmere: 10", { sic: "62020", location: "saltmere" }, 10],
    ["status dissolved, dissolved_to 2008-12-31: 63", { status: "dissolved", dissolvedTo: "2008-12-31", size: 100 }, 63],
    ["subtype community-interest-company: 00006409", { subtype: "community-interest-company" }, "00006409"],
    ["type plc: 00006401", { type: "plc" }, "00006401"],
  ]) {
    const r = await adv(o);
    const c = r.resource;
    const ok = r.httpStatusCode === 200 && c && nonEmpty(c.items) &&
      (typeof want === "number" ? c.hits === want : c.items.some((i) => i.company_number === want));
    check(`advanced search ${what}`, ok, `${r.httpStatusCode} ${c && c.hits}`);
  }
  {
    const r = await adv({ name: "nosuchcompanyanywhere" });
    check("advanced search with no match: 404", r.httpStatusCode === 404, r.httpStatusCode);
  }
  {
    const r = await api.alphabeticalSearch.getCompanies("gooseberry fool", "sdkcheck", null, null, null);
    check("alphabetical search 'gooseberry fool': 200, items, top_hit",
      r.httpStatusCode === 200 && r.resource && nonEmpty(r.resource.items) && r.resource.top_hit, r.httpStatusCode);
    const d = await api.dissolvedSearch.getCompanies("snoozewell", "sdkcheck", "bestMatch", null, null, null, null);
    check("dissolved search 'snoozewell' best-match: 200, dissolved companies",
      d.httpStatusCode === 200 && d.resource && nonEmpty(d.resource.items) &&
      d.resource.items.every((i) => i.company_status === "dissolved"), d.httpStatusCode);
    const pn = await api.dissolvedSearch.getCompanies("dynamo amber trading", "sdkcheck", "previousNameDissolved", null, null, null, null);
    check("dissolved search previous name 'dynamo amber trading': 200, items",
      pn.httpStatusCode === 200 && pn.resource && nonEmpty(pn.resource.items), pn.httpStatusCode);
    const al = await api.dissolvedSearch.getCompanies("snoozewell", "sdkcheck", "alphabetical", null, null, null, null);
    check("dissolved search 'snoozewell' alphabetical: 200, items",
      al.httpStatusCode === 200 && al.resource && nonEmpty(al.resource.items), al.httpStatusCode);
  }

  console.log(`${held} of ${held + missed.length} checks hold`);
  process.exitCode = missed.length ? 1 : 0;
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 2;
});
