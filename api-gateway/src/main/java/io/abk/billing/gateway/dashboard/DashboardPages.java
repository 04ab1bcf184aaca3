package io.abk.billing.gateway.dashboard;

import com.samskivert.mustache.Template;
import io.abk.billing.gateway.controlplane.auth.ApiKeyFormat;
import io.abk.billing.gateway.platform.web.Html;
import io.abk.billing.gateway.platform.web.PageTemplates;
import io.abk.billing.gateway.platform.web.VersionedAsset;
import io.abk.billing.schemas.avro.Mode;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/**
 * The dashboard's markup: Mustache templates in {@code dashboard/} on the class path, compiled once, every
 * {@code {{value}}} escaped ({@link PageTemplates}); a page's own template renders its {@code <main data-page>}, and the
 * frame ({@code frame.mustache}) puts it in the document with the header of a signed-in member (their team, the
 * sections, the test/live switch and banner, sign-out) and the one style sheet, inline and allowed by its hash. Pages
 * read and show without a script; the one script ({@code dashboard.js}, served by {@link DashboardAssetRoutes}) sends a
 * confirmed action's form to the merchant API as the member ({@code /dashboard/api/v1/...}).
 */
final class DashboardPages {

    private static final PageTemplates TEMPLATES = new PageTemplates("dashboard/");

    /** The dashboard's script: a confirmed action's form sent to the API as JSON, with its CSRF and idempotency keys. */
    static final VersionedAsset SCRIPT =
            new VersionedAsset("dashboard/dashboard.js", "/dashboard/assets/dashboard.js", VersionedAsset.JAVASCRIPT);

    /** The home page's script: draws its charts with {@link #CHART_SCRIPT} from the figures its markup carries. */
    static final VersionedAsset HOME_SCRIPT =
            new VersionedAsset("dashboard/home.js", "/dashboard/assets/home.js", VersionedAsset.JAVASCRIPT);

    /** uPlot, the chart library, and its style sheet: copied from npm's package by the build (api-gateway's pom). */
    static final VersionedAsset CHART_SCRIPT =
            new VersionedAsset("dashboard/vendor/uplot.js", "/dashboard/assets/uplot.js", VersionedAsset.JAVASCRIPT);

    static final VersionedAsset CHART_STYLE = new VersionedAsset(
            "dashboard/vendor/uplot.css",
            "/dashboard/assets/uplot.css",
            MediaType.parseMediaType("text/css;charset=UTF-8"));

    /** The sections of the navigation, in its order: each a page at {@code /dashboard/<key>}. */
    static final List<Section> SECTIONS = List.of(
            new Section("home", "Home"),
            new Section("subscriptions", "Subscriptions"),
            new Section("invoices", "Invoices"),
            new Section("payments", "Payments"),
            new Section("payment-links", "Payment links"),
            new Section("customers", "Customers"),
            new Section("coupons", "Coupons"),
            new Section("products", "Products"),
            new Section("meters", "Meters"),
            new Section("webhooks", "Webhooks"),
            new Section("developers", "Developers"),
            new Section("settings", "Settings"));

    /** A section of the navigation. */
    record Section(String key, String label) {
        String href() {
            return "/dashboard/" + key;
        }
    }

    private static final Template FRAME = TEMPLATES.compile("frame");
    static final Template LOGIN = TEMPLATES.compile("login");
    static final Template LOGIN_CODE = TEMPLATES.compile("login-code");
    static final Template HOME = TEMPLATES.compile("home");
    static final Template REFUSED = TEMPLATES.compile("refused");
    static final Template CONFIRM = TEMPLATES.compile("confirm");
    static final Template SUBSCRIPTIONS = TEMPLATES.compile("subscriptions");
    static final Template SUBSCRIPTION = TEMPLATES.compile("subscription");
    static final Template WEBHOOKS = TEMPLATES.compile("webhooks");
    static final Template WEBHOOK = TEMPLATES.compile("webhook");
    static final Template WEBHOOK_NEW = TEMPLATES.compile("webhook-new");
    static final Template WEBHOOK_EDIT = TEMPLATES.compile("webhook-edit");
    static final Template WEBHOOK_DELIVERY = TEMPLATES.compile("webhook-delivery");
    static final Template DEVELOPERS = TEMPLATES.compile("developers");
    static final Template API_KEYS = TEMPLATES.compile("api-keys");
    static final Template EVENTS = TEMPLATES.compile("events");
    static final Template INVOICES = TEMPLATES.compile("invoices");
    static final Template INVOICE = TEMPLATES.compile("invoice");
    static final Template PAYMENTS = TEMPLATES.compile("payments");
    static final Template PAYMENT = TEMPLATES.compile("payment");
    static final Template PAYMENT_LINKS = TEMPLATES.compile("payment-links");
    static final Template PAYMENT_LINK = TEMPLATES.compile("payment-link");
    static final Template CUSTOMERS = TEMPLATES.compile("customers");
    static final Template CUSTOMER = TEMPLATES.compile("customer");
    static final Template COUPONS = TEMPLATES.compile("coupons");
    static final Template COUPON = TEMPLATES.compile("coupon");
    static final Template PRODUCTS = TEMPLATES.compile("products");
    static final Template PRODUCT = TEMPLATES.compile("product");
    static final Template METERS = TEMPLATES.compile("meters");
    static final Template SETTINGS = TEMPLATES.compile("settings");
    static final Template TEAM = TEMPLATES.compile("team");
    static final Template SECURITY = TEMPLATES.compile("security");
    static final Template TEAM_INVITE = TEMPLATES.compile("team-invite");
    static final Template INVITATION = TEMPLATES.compile("invitation");
    static final Template AUDIT_LOG = TEMPLATES.compile("audit-log");

    /** The style sheet as the pages inline it: one line of the file's rules. */
    private static final String STYLE =
            String.join("", TEMPLATES.read("dashboard.css").lines().toList());

    /**
     * Nothing but this style sheet (by its hash), the gateway's own scripts and style sheets (the chart library's) and
     * forms posting here: no inline script, no frame, never framed, no other origin. Whatever a merchant's data holds
     * stays text.
     */
    static final String CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'self' '" + Html.sha256Source(STYLE)
            + "'; script-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'self';"
            + " frame-ancestors 'none'";

    private DashboardPages() {}

    /** Who is signed in, as the frame shows them; null on the sign-in page. */
    record Viewer(DashboardSession session, String merchantName) {}

    /**
     * A whole page: {@code title}, the signed-in {@code viewer} (or none), which section is current (its key), and the
     * page's markup.
     */
    static String page(String title, @Nullable Viewer viewer, @Nullable String current, String content) {
        var model = new HashMap<String, Object>();
        model.put("title", title);
        model.put("style", STYLE);
        model.put("content", content);
        if (viewer == null) {
            model.put("session", false);
        } else {
            var session = viewer.session();
            var frame = new HashMap<String, Object>();
            boolean test = session.mode() == Mode.TEST;
            frame.put("mode", ApiKeyFormat.modeText(session.mode()));
            frame.put("modeName", test ? "Test" : "Live");
            frame.put("otherMode", test ? "live" : "test");
            frame.put("otherModeName", test ? "live" : "test");
            frame.put("testMode", test);
            frame.put("script", SCRIPT.src());
            frame.put("back", current == null ? "home" : current);
            frame.put("merchantName", viewer.merchantName());
            frame.put("email", session.email());
            frame.put("role", session.role().wireName());
            frame.put("csrf", session.csrfToken());
            frame.put(
                    "nav",
                    SECTIONS.stream()
                            .map(section -> Map.of(
                                    "href",
                                    section.href(),
                                    "label",
                                    section.label(),
                                    "current",
                                    section.key().equals(current)))
                            .toList());
            model.put("session", frame);
        }
        return FRAME.execute(model);
    }

    /** Renders one page's own template. */
    static String render(Template template, Map<String, ?> model) {
        return template.execute(model);
    }

    /** The page saying a request was not acted on, and why ({@code sentence}), with a way back. */
    static ResponseEntity<String> refused(HttpStatusCode status, String sentence) {
        var content = render(REFUSED, Map.of("sentence", sentence, "home", DashboardSessionFilter.HOME));
        return html(status, page("Not done", null, null, content));
    }

    /** A dashboard page's answer: never cached, under {@link #CONTENT_SECURITY_POLICY}, never framed, no referrer. */
    static ResponseEntity<String> html(HttpStatusCode status, String page) {
        return Html.page(status, page, CONTENT_SECURITY_POLICY, "same-origin");
    }
}
