package io.abk.billing.gateway.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.readmodel.SubscriptionReadModel;
import io.abk.billing.gateway.testkit.TestMerchant;
import io.abk.billing.schemas.avro.Mode;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;

/**
 * The lists' CSV exports: every row of the filter in the session's team and mode, newest first, amounts exact, fields
 * escaped and formulas neutralised; a bad filter refused with a page; the link on each list; and an export longer than
 * a chunk read a chunk at a time, every row in order.
 */
class ExportsIT extends DashboardIT {

    /** A merchantRef with a comma, a quote and a leading '=': a formula to a spreadsheet. */
    private static final String FORMULA_REF = "=HYPERLINK(\"https://evil.example\",\"a, b\")";

    @Autowired
    private SubscriptionReadModel subscriptions;

    /** The CSV answer: its headers and its records (each a list of fields), the header row first. */
    record Export(HttpHeaders headers, String text, List<List<String>> records) {
        List<String> column(String name) {
            int index = records.getFirst().indexOf(name);
            return records.subList(1, records.size()).stream()
                    .map(record -> record.get(index))
                    .toList();
        }
    }

    @Test
    void shouldExportEveryRowOfTheFilterNewestFirstWithExactAmountsEscapedAndFormulasNeutralised() {
        var merchant = newMerchant(PAYOUT);
        var first = subscribeWithRef(merchant, "12.345678", "plain-ref");
        var formula = subscribeWithRef(merchant, "0.000001", FORMULA_REF);
        var active = activeSubscription(merchant, "7.654321").subscriptionId();
        var owner = member(merchant.id(), null);

        var all = export("/dashboard/subscriptions/export.csv", owner.token());

        assertThat(all.headers().getContentType()).hasToString("text/csv;charset=utf-8");
        assertThat(all.headers().getFirst(HttpHeaders.CONTENT_DISPOSITION))
                .matches("attachment; filename=\"subscriptions-test-\\d{8}-\\d{6}\\.csv\"");
        assertThat(all.records().getFirst()).startsWith("id", "status", "amountUsdc");
        assertThat(all.column("id")).containsExactly(active, formula, first);
        assertThat(all.column("amountUsdc")).containsExactly("7.654321", "0.000001", "12.345678");
        assertThat(all.column("merchantRef").get(1)).isEqualTo("'" + FORMULA_REF);
        assertThat(all.text())
                .contains(",0.000001,")
                .contains(",\"'=HYPERLINK(\"\"https://evil.example\"\",\"\"a, b\"\")\",")
                .endsWith("\r\n");

        var onlyActive = export("/dashboard/subscriptions/export.csv?status=active", owner.token());
        assertThat(onlyActive.column("id")).containsExactly(active);
        assertThat(onlyActive.column("status")).containsExactly("active");
        var incomplete = export("/dashboard/subscriptions/export.csv?status=incomplete", owner.token());
        assertThat(incomplete.column("id")).containsExactly(formula, first);
    }

    @Test
    void shouldLetEveryRoleExportOnlyTheirTeamsAndModesRows() {
        var merchant = newMerchant(PAYOUT);
        var mine = subscribeWithRef(merchant, "1.23", "mine");
        member(merchant.id(), null);
        var viewer = member(merchant.id(), "viewer");
        var other = newMerchant(PAYOUT);
        subscribeWithRef(other, "4.56", "theirs");
        var stranger = member(other.id(), null);

        assertThat(export("/dashboard/subscriptions/export.csv", viewer.token()).column("id"))
                .containsExactly(mine);
        assertThat(export("/dashboard/subscriptions/export.csv", stranger.token())
                        .text())
                .doesNotContain(mine);
        switchMode(viewer, "live", "subscriptions").expectStatus().isSeeOther();
        var live = export("/dashboard/subscriptions/export.csv", viewer.token());
        assertThat(live.records()).hasSize(1);
        assertThat(live.headers().getFirst(HttpHeaders.CONTENT_DISPOSITION)).contains("subscriptions-live-");
        assertThat(export("/dashboard/invoices/export.csv", stranger.token()).text())
                .doesNotContain(mine);
    }

    @Test
    void shouldExportEachListWithItsFilter() {
        var merchant = newMerchant(PAYOUT);
        var created = subscribeWithRef(merchant, "2.500001", "inv");
        var another = subscribeWithRef(merchant, "5.5", "inv-2");
        var payment = createPayment(merchant, "test", "3.141592").get("id").stringValue();
        var link = createLink(merchant, "test", "9.000009", Map.of()).get("id").stringValue();
        var owner = member(merchant.id(), null);

        var invoices = export("/dashboard/invoices/export.csv?subscriptionId=" + created, owner.token());
        assertThat(invoices.column("subscriptionId")).containsExactly(created);
        assertThat(invoices.column("amountUsdc")).containsExactly("2.500001");
        assertThat(export("/dashboard/invoices/export.csv", owner.token()).column("subscriptionId"))
                .containsExactly(another, created);
        var payments = export("/dashboard/payments/export.csv?status=open", owner.token());
        assertThat(payments.column("id")).containsExactly(payment);
        assertThat(payments.column("amountUsdc")).containsExactly("3.141592");
        assertThat(export("/dashboard/payments/export.csv?status=paid", owner.token())
                        .records())
                .hasSize(1);
        var links = export("/dashboard/payment-links/export.csv", owner.token());
        assertThat(links.column("id")).containsExactly(link);
        assertThat(links.column("amountUsdc")).containsExactly("9.000009");
        assertThat(export("/dashboard/webhooks/export.csv", owner.token())
                        .records()
                        .getFirst())
                .startsWith("id", "url", "status");
        var events = export("/dashboard/events/export.csv", owner.token());
        assertThat(events.records().getFirst()).containsExactly("id", "type", "createdAt");
        assertThat(events.column("id")).allMatch(id -> id.startsWith("evt_"));
    }

    @Test
    void shouldRefuseABadFilterWithAPageAndLinkTheExportFromEachList() {
        var merchant = newMerchant(PAYOUT);
        var owner = member(merchant.id(), null);

        for (var bad : List.of(
                "/dashboard/subscriptions/export.csv?status=sleeping",
                "/dashboard/invoices/export.csv?subscriptionId=inv_1",
                "/dashboard/payments/export.csv?status=late",
                "/dashboard/payment-links/export.csv?status=gone",
                "/dashboard/events/export.csv?type=nothing.happened")) {
            var refused = answer(bad, owner.token());
            assertThat(refused.status()).as(bad).isEqualTo(HttpStatus.BAD_REQUEST.value());
            assertThat(refused.body()).as(bad).contains("<html");
        }

        assertThat(page("/dashboard/subscriptions?status=active", owner.token()))
                .containsPattern(
                        "href=\"/dashboard/subscriptions/export.csv\\?status(=|&#61;)active\" data-action=\"export\"");
        assertThat(page("/dashboard/invoices", owner.token()))
                .contains("href=\"/dashboard/invoices/export.csv\" data-action=\"export\"");
        for (var list : List.of("payments", "payment-links", "webhooks", "events")) {
            assertThat(page("/dashboard/" + list, owner.token()))
                    .as(list)
                    .contains("href=\"/dashboard/" + list + "/export.csv\" data-action=\"export\"");
        }
    }

    @Test
    void shouldExportTheCatalogTheTeamAndTheAuditLogOfTheTeamOnlyToTheRolesTheirPagesAdmit() {
        var merchant = newMerchant(PAYOUT);
        var priceId = price(merchant, "test", "9.990001", "month");
        var owner = member(merchant.id(), null);
        var admin = member(merchant.id(), "admin");
        var viewer = member(merchant.id(), "viewer");
        var renamed = api(owner, HttpMethod.PATCH, "/v1/account", Map.of("brandName", "Exported, \"Brand\""));
        assertThat(renamed.status()).as(renamed.text()).isEqualTo(200);
        var other = newMerchant(PAYOUT);
        price(other, "test", "1.5", "month");
        var stranger = member(other.id(), null);

        var products = export("/dashboard/products/export.csv", viewer.token());
        assertThat(products.records().getFirst()).containsExactly("id", "name", "description", "prices", "createdAt");
        assertThat(products.column("prices")).containsExactly(priceId + " 9.990001 month");
        assertThat(products.column("name")).containsExactly("Thing");
        assertThat(export("/dashboard/products/export.csv", stranger.token()).text())
                .doesNotContain(priceId);

        var team = export("/dashboard/settings/team/export.csv", owner.token());
        assertThat(team.records().getFirst()).containsExactly("id", "email", "role", "createdAt");
        assertThat(team.column("email")).containsExactlyInAnyOrder(owner.email(), admin.email(), viewer.email());
        assertThat(team.text()).doesNotContain("argon2");
        assertThat(export("/dashboard/settings/team/export.csv", stranger.token())
                        .text())
                .doesNotContain(owner.email());
        assertThat(answer("/dashboard/settings/team/export.csv", admin.token()).status())
                .isEqualTo(403);

        var log = export("/dashboard/settings/audit-log/export.csv", admin.token());
        assertThat(log.records().getFirst()).startsWith("id", "at", "actor", "actorEmail", "action");
        int updated = log.column("action").indexOf("merchant.updated");
        assertThat(updated).as(log.text()).isNotNegative();
        assertThat(log.column("actorEmail").get(updated)).isEqualTo(owner.email());
        assertThat(log.column("details").get(updated)).contains("Exported, \\\"Brand\\\"");
        assertThat(export("/dashboard/settings/audit-log/export.csv", stranger.token())
                        .text())
                .doesNotContain(merchant.id());
        assertThat(answer("/dashboard/settings/audit-log/export.csv", viewer.token())
                        .status())
                .isEqualTo(403);

        assertThat(page("/dashboard/products", owner.token()))
                .contains("href=\"/dashboard/products/export.csv\" data-action=\"export\"");
        assertThat(page("/dashboard/settings/team", owner.token()))
                .contains("href=\"/dashboard/settings/team/export.csv\" data-action=\"export\"");
        assertThat(page("/dashboard/settings/audit-log", admin.token()))
                .contains("href=\"/dashboard/settings/audit-log/export.csv\" data-action=\"export\"");
    }

    // Protects against an export that stops after its first chunk or repeats or reorders rows at a chunk's edge.
    @Test
    void shouldStreamAnExportLongerThanAChunkEveryRowInOrder() {
        var merchant = newMerchant(PAYOUT);
        var ids = new ArrayList<String>();
        for (int i = 0; i < 7; i++) {
            ids.addFirst(subscribeWithRef(merchant, "1.00000" + i, "ref-" + i));
        }
        var caller = new Caller(merchant.id(), Mode.TEST, "usr_export");

        var chunked = ExportRoutes.rows(
                        2,
                        ExportColumns.SUBSCRIPTIONS,
                        page -> subscriptions.list(caller, null, page),
                        resource -> resource.path("id").asString())
                .collectList()
                .block();

        assertThat(chunked).hasSize(1 + 4);
        var text = String.join("", chunked);
        var records = parse(text);
        assertThat(records.subList(1, records.size()).stream().map(List::getFirst))
                .containsExactlyElementsOf(ids);
        var owner = member(merchant.id(), null);
        assertThat(export("/dashboard/subscriptions/export.csv", owner.token()).text())
                .isEqualTo(text);
    }

    private String subscribeWithRef(TestMerchant merchant, String amountUsdc, String merchantRef) {
        var body = new HashMap<String, Object>();
        body.put("merchantRef", merchantRef);
        body.put("customerWallet", WALLET);
        body.put("payoutAddressEvm", PAYOUT);
        body.put("amountUsdc", new BigDecimal(amountUsdc));
        body.put("interval", "month");
        body.put("successUrl", "https://shop.example.test/thanks");
        body.put("cancelUrl", "https://shop.example.test/cart");
        var reply = call(HttpMethod.POST, "/v1/subscriptions", merchant.key("test"), body, null);
        assertThat(reply.status()).as(reply.text()).isEqualTo(201);
        return reply.body().get("subscription").get("id").stringValue();
    }

    private Export export(String path, String token) {
        var result = pageAnswer(path, token)
                .expectStatus()
                .isOk()
                .expectBody(byte[].class)
                .returnResult();
        var text = new String(result.getResponseBodyContent(), StandardCharsets.UTF_8);
        return new Export(result.getResponseHeaders(), text, parse(text));
    }

    /** RFC 4180's records: fields split on commas, quoted ones unquoted, lines ended by CRLF. */
    private static List<List<String>> parse(String text) {
        var records = new ArrayList<List<String>>();
        var record = new ArrayList<String>();
        var field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                record.add(field.toString());
                field.setLength(0);
            } else if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                record.add(field.toString());
                field.setLength(0);
                records.add(record);
                record = new ArrayList<>();
                i++;
            } else {
                field.append(c);
            }
        }
        assertThat(field).as("the last line ends with CRLF").isEmpty();
        return records;
    }
}
