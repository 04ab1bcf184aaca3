package io.abk.billing.gateway.dashboard;

import io.abk.billing.gateway.api.catalog.CatalogService;
import io.abk.billing.gateway.api.event.EventFilter;
import io.abk.billing.gateway.api.event.EventService;
import io.abk.billing.gateway.api.event.StoredEvent;
import io.abk.billing.gateway.api.payment.PaymentRoutes;
import io.abk.billing.gateway.api.paymentlink.PaymentLinkRoutes;
import io.abk.billing.gateway.api.webhook.WebhookEndpoint;
import io.abk.billing.gateway.api.webhook.WebhookEndpointService;
import io.abk.billing.gateway.controlplane.audit.AuditEntry;
import io.abk.billing.gateway.controlplane.audit.AuditLog;
import io.abk.billing.gateway.controlplane.auth.ApiKeyFormat;
import io.abk.billing.gateway.controlplane.user.MerchantUser;
import io.abk.billing.gateway.controlplane.user.UserRole;
import io.abk.billing.gateway.controlplane.user.UserService;
import io.abk.billing.gateway.dashboard.ExportColumns.AuditRow;
import io.abk.billing.gateway.platform.web.ListFilters;
import io.abk.billing.gateway.platform.web.Page;
import io.abk.billing.gateway.platform.web.PageRequest;
import io.abk.billing.gateway.readmodel.InvoiceReadModel;
import io.abk.billing.gateway.readmodel.PaymentLinkReadModel;
import io.abk.billing.gateway.readmodel.PaymentReadModel;
import io.abk.billing.gateway.readmodel.SubscriptionReadModel;
import io.abk.billing.opskit.web.ErrorAnswerException;
import io.abk.billing.schemas.ids.IdPrefix;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.http.CacheControl;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * {@code /dashboard/<list>/export.csv}: every row of a list's filter (the page's filters, no cursor) in the session's
 * team and mode, newest first, as CSV ({@link ExportColumns}). The rows are read and written {@link #CHUNK} at a time
 * ({@link NewestFirstChunks}), so an export's memory does not grow with its length. Any member may export what any
 * member may read; the team is the owner's and the audit log an admin's, as their pages are. A bad filter is the
 * refusal page, before anything is read.
 */
@RestController
public class ExportRoutes {

    /** Rows read and written at a time: a few hundred kilobytes of CSV, one query per chunk. */
    static final int CHUNK = 500;

    static final String CONTENT_TYPE = "text/csv; charset=utf-8";
    private static final String EXPORT = "/export.csv";
    private static final DateTimeFormatter STAMP =
            DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

    private final SubscriptionReadModel subscriptions;
    private final InvoiceReadModel invoices;
    private final PaymentReadModel payments;
    private final PaymentLinkReadModel links;
    private final WebhookEndpointService endpoints;
    private final EventService events;
    private final CatalogService catalog;
    private final UserService users;
    private final AuditLog audit;
    private final Clock clock;

    public ExportRoutes(
            SubscriptionReadModel subscriptions,
            InvoiceReadModel invoices,
            PaymentReadModel payments,
            PaymentLinkReadModel links,
            WebhookEndpointService endpoints,
            EventService events,
            CatalogService catalog,
            UserService users,
            AuditLog audit,
            Clock clock) {
        this.subscriptions = subscriptions;
        this.invoices = invoices;
        this.payments = payments;
        this.links = links;
        this.endpoints = endpoints;
        this.events = events;
        this.catalog = catalog;
        this.users = users;
        this.audit = audit;
        this.clock = clock;
    }

    @GetMapping("/dashboard/subscriptions" + EXPORT)
    public Mono<ResponseEntity<Flux<DataBuffer>>> subscriptions(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session,
            @RequestParam MultiValueMap<String, String> query) {
        return csv(session, "subscriptions", () -> {
            var filter = SubscriptionPageRoutes.filter(ListPage.filled(query));
            return rows(
                    CHUNK,
                    ExportColumns.SUBSCRIPTIONS,
                    page -> subscriptions.matching(session.caller(), filter, page),
                    ExportRoutes::idOf);
        });
    }

    @GetMapping("/dashboard/invoices" + EXPORT)
    public Mono<ResponseEntity<Flux<DataBuffer>>> invoices(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session,
            @RequestParam MultiValueMap<String, String> query) {
        return csv(session, "invoices", () -> {
            var subscriptionId = ListFilters.id(ListPage.filled(query), "subscriptionId", IdPrefix.SUBSCRIPTION);
            return rows(
                    CHUNK,
                    ExportColumns.INVOICES,
                    page -> invoices.list(session.caller(), subscriptionId, page),
                    ExportRoutes::idOf);
        });
    }

    @GetMapping("/dashboard/payments" + EXPORT)
    public Mono<ResponseEntity<Flux<DataBuffer>>> payments(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session,
            @RequestParam MultiValueMap<String, String> query) {
        return csv(session, "payments", () -> {
            var status = ListFilters.status(ListPage.filled(query), PaymentRoutes.STATUSES);
            return rows(
                    CHUNK,
                    ExportColumns.PAYMENTS,
                    page -> payments.list(session.caller(), status, page),
                    ExportRoutes::idOf);
        });
    }

    @GetMapping("/dashboard/payment-links" + EXPORT)
    public Mono<ResponseEntity<Flux<DataBuffer>>> paymentLinks(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session,
            @RequestParam MultiValueMap<String, String> query) {
        return csv(session, "payment-links", () -> {
            var status = ListFilters.status(ListPage.filled(query), PaymentLinkRoutes.STATUSES);
            return rows(
                    CHUNK,
                    ExportColumns.PAYMENT_LINKS,
                    page -> links.list(session.caller(), status, page),
                    ExportRoutes::idOf);
        });
    }

    @GetMapping("/dashboard/webhooks" + EXPORT)
    public Mono<ResponseEntity<Flux<DataBuffer>>> webhooks(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session) {
        return csv(
                session,
                "webhooks",
                () -> rows(
                        CHUNK,
                        ExportColumns.WEBHOOK_ENDPOINTS,
                        page -> endpoints.list(session.caller(), page),
                        WebhookEndpoint::id));
    }

    @GetMapping("/dashboard/events" + EXPORT)
    public Mono<ResponseEntity<Flux<DataBuffer>>> events(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session,
            @RequestParam MultiValueMap<String, String> query) {
        return csv(session, "events", () -> {
            var filter = EventFilter.from(ListPage.filled(query));
            return rows(
                    CHUNK, ExportColumns.EVENTS, page -> events.list(session.caller(), filter, page), StoredEvent::id);
        });
    }

    @GetMapping("/dashboard/products" + EXPORT)
    public Mono<ResponseEntity<Flux<DataBuffer>>> products(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session) {
        return csv(
                session,
                "products",
                () -> rows(
                        CHUNK,
                        ExportColumns.PRODUCTS,
                        page -> catalog.listActive(session.caller(), page),
                        view -> view.product().id()));
    }

    @GetMapping("/dashboard/settings/team" + EXPORT)
    public Mono<ResponseEntity<Flux<DataBuffer>>> team(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session) {
        if (!session.role().includes(UserRole.OWNER)) {
            return Mono.just(asBuffers(Rows.forbidden(session, "Only the owner may export the team")));
        }
        return csv(
                session,
                "team",
                () -> rows(
                        CHUNK, ExportColumns.TEAM, page -> users.list(session.merchantId(), page), MerchantUser::id));
    }

    /** The entries of the session's merchant in its mode or of none, as the page lists them, with members' emails. */
    @GetMapping("/dashboard/settings/audit-log" + EXPORT)
    public Mono<ResponseEntity<Flux<DataBuffer>>> auditLog(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session) {
        if (!AuditLogPageRoutes.mayRead(session)) {
            return Mono.just(asBuffers(Rows.forbidden(session, "Only an admin or the owner may export the audit log")));
        }
        var mode = ApiKeyFormat.modeText(session.mode());
        return csv(
                session,
                "audit-log",
                () -> rows(
                        CHUNK,
                        ExportColumns.AUDIT_LOG,
                        page -> audit.list(session.merchantId(), mode, page)
                                .flatMap(found -> users.emails(
                                                session.merchantId(),
                                                found.items().stream()
                                                        .map(AuditEntry::actor)
                                                        .collect(Collectors.toSet()))
                                        .map(emails ->
                                                found.map(entry -> new AuditRow(entry, emails.get(entry.actor()))))),
                        row -> row.entry().id()));
    }

    /**
     * The CSV lines of every row of {@code list}: the header, then one text of lines per chunk of {@code chunk} rows.
     *
     * @param list a page of the list (its filter bound) from a cursor
     */
    static <T> Flux<String> rows(
            int chunk, ExportColumns<T> columns, Function<PageRequest, Mono<Page<T>>> list, Function<T, String> idOf) {
        return NewestFirstChunks.all(chunk, list, idOf)
                .map(rows -> {
                    var text = new StringBuilder();
                    rows.forEach(row -> text.append(columns.line(row)));
                    return text.toString();
                })
                .startWith(columns.header());
    }

    /**
     * The attachment {@code <page>-<mode>-<yyyyMMdd-HHmmss>.csv} of the lines {@code export} makes, or the refusal page
     * when the filter it reads is bad.
     */
    private Mono<ResponseEntity<Flux<DataBuffer>>> csv(
            DashboardSession session, String page, Supplier<Flux<String>> export) {
        return Mono.fromSupplier(export)
                .map(lines -> {
                    var name = page + "-" + ListPage.modeName(session) + "-" + STAMP.format(clock.instant()) + ".csv";
                    return ResponseEntity.ok()
                            .header(HttpHeaders.CONTENT_TYPE, CONTENT_TYPE)
                            .header(
                                    HttpHeaders.CONTENT_DISPOSITION,
                                    ContentDisposition.attachment()
                                            .filename(name)
                                            .build()
                                            .toString())
                            .cacheControl(CacheControl.noStore())
                            .header("X-Content-Type-Options", "nosniff")
                            .body(lines.map(ExportRoutes::buffer));
                })
                .onErrorResume(
                        ErrorAnswerException.class,
                        refusal ->
                                DashboardRenderer.orRefusal(Mono.error(refusal)).map(ExportRoutes::asBuffers));
    }

    private static String idOf(JsonNode resource) {
        return resource.path("id").asString();
    }

    private static DataBuffer buffer(String text) {
        return DefaultDataBufferFactory.sharedInstance.wrap(text.getBytes(StandardCharsets.UTF_8));
    }

    private static ResponseEntity<Flux<DataBuffer>> asBuffers(ResponseEntity<String> page) {
        return ResponseEntity.status(page.getStatusCode())
                .headers(page.getHeaders())
                .body(Flux.just(buffer(Objects.requireNonNullElse(page.getBody(), ""))));
    }
}
