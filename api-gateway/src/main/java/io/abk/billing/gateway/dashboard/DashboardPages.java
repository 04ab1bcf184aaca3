package io.abk.billing.gateway.dashboard;

import com.samskivert.mustache.Template;
import io.abk.billing.gateway.controlplane.auth.ApiKeyFormat;
import io.abk.billing.gateway.platform.web.Html;
import io.abk.billing.gateway.platform.web.PageTemplates;
import io.abk.billing.schemas.avro.Mode;
import java.util.HashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ResponseEntity;

/**
 * The dashboard's markup: Mustache templates in {@code dashboard/} on the class path, compiled once, every
 * {@code {{value}}} escaped ({@link PageTemplates}); a page's own template renders its {@code <main data-page>}, and the
 * frame ({@code frame.mustache}) puts it in the document with the header of a signed-in member (their team, the
 * test/live badge and banner, sign-out) and the one style sheet, inline and allowed by its hash. No script runs.
 */
final class DashboardPages {

    private static final PageTemplates TEMPLATES = new PageTemplates("dashboard/");

    private static final Template FRAME = TEMPLATES.compile("frame");
    static final Template LOGIN = TEMPLATES.compile("login");
    static final Template HOME = TEMPLATES.compile("home");
    static final Template REFUSED = TEMPLATES.compile("refused");

    /** The style sheet as the pages inline it: one line of the file's rules. */
    private static final String STYLE =
            String.join("", TEMPLATES.read("dashboard.css").lines().toList());

    /**
     * Nothing but this style sheet (by its hash) and forms posting here: no script, no frame, never framed, no
     * other origin. Whatever a merchant's data holds stays text.
     */
    static final String CONTENT_SECURITY_POLICY = "default-src 'none'; style-src '" + Html.sha256Source(STYLE)
            + "'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

    private DashboardPages() {}

    /** Who is signed in, as the frame shows them; null on the sign-in page. */
    record Viewer(DashboardSession session, String merchantName) {}

    /**
     * A whole page: {@code title}, the signed-in {@code viewer} (or none), which navigation entry is current, and the
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
            frame.put("mode", ApiKeyFormat.modeText(session.mode()));
            frame.put("modeName", session.mode() == Mode.TEST ? "Test" : "Live");
            frame.put("testMode", session.mode() == Mode.TEST);
            frame.put("merchantName", viewer.merchantName());
            frame.put("email", session.email());
            frame.put("role", session.role().wireName());
            frame.put("csrf", session.csrfToken());
            frame.put("home", "home".equals(current));
            model.put("session", frame);
        }
        return FRAME.execute(model);
    }

    /** Renders one page's own template. */
    static String render(Template template, Map<String, ?> model) {
        return template.execute(model);
    }

    /** A dashboard page's answer: never cached, under {@link #CONTENT_SECURITY_POLICY}, never framed, no referrer. */
    static ResponseEntity<String> html(HttpStatusCode status, String page) {
        return Html.page(status, page, CONTENT_SECURITY_POLICY, "same-origin");
    }
}
