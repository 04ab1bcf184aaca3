package io.abk.billing.gateway.portal;

import com.samskivert.mustache.Template;
import io.abk.billing.gateway.platform.web.Html;
import io.abk.billing.gateway.platform.web.PageTemplates;
import io.abk.billing.gateway.platform.web.VersionedAsset;
import io.abk.billing.schemas.avro.Mode;
import java.util.HashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ResponseEntity;

/**
 * The portal's pages: Mustache templates in {@code portal/} (every value escaped), inside one frame with the merchant's
 * name, the test-mode banner, the sign-out form and {@code <main data-page>}; one inline style sheet allowed by its
 * hash and one script from this origin ({@code portal/portal.js}, for the pages that ask a wallet to sign).
 */
final class PortalPages {

    private static final PageTemplates TEMPLATES = new PageTemplates("portal/");
    private static final Template FRAME = TEMPLATES.compile("frame");
    static final Template HOME = TEMPLATES.compile("portal");
    static final Template RECEIPT = TEMPLATES.compile("receipt");
    static final Template CONFIRM = TEMPLATES.compile("confirm");
    static final Template SIGN_IN = TEMPLATES.compile("sign-in");
    private static final Template NOTICE = TEMPLATES.compile("notice");

    private static final String STYLE =
            String.join("", TEMPLATES.read("portal.css").lines().toList());

    static final String SCRIPT_PATH = "/portal/assets/portal.js";
    static final VersionedAsset SCRIPT = new VersionedAsset("portal/portal.js", SCRIPT_PATH, VersionedAsset.JAVASCRIPT);

    /**
     * Scripts from here only, fetches to here only, the one style sheet by its hash, images from here or inline (a
     * wallet's icon is a data URI), never framed, forms post only here.
     */
    static final String CONTENT_SECURITY_POLICY =
            "default-src 'none'; script-src 'self'; connect-src 'self'; style-src '"
                    + Html.sha256Source(STYLE)
                    + "'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

    private PortalPages() {}

    /**
     * A whole page.
     *
     * @param page {@code <main data-page>}
     * @param merchant the merchant's name as its customers see it
     * @param csrf the session's CSRF token (the frame then offers signing out); null without a session
     * @param scripted whether the page loads the portal's script
     * @param json what the script reads ({@code data-json}); null when nothing
     */
    static ResponseEntity<String> page(
            HttpStatusCode status,
            String title,
            String page,
            String merchant,
            @Nullable Mode mode,
            @Nullable String csrf,
            boolean scripted,
            @Nullable String json,
            String content) {
        var model = new HashMap<String, @Nullable Object>();
        model.put("title", title);
        model.put("style", STYLE);
        model.put("csrf", csrf);
        model.put("script", scripted ? SCRIPT.src() : null);
        model.put("merchant", merchant);
        model.put("test", mode == Mode.TEST);
        model.put("page", page);
        model.put("json", json);
        model.put("content", content);
        // same-origin, not no-referrer: a browser sends "Origin: null" with a form posted under no-referrer, and the
        // portal's forms are checked by their Origin; other sites (the explorer) still get no referrer.
        return Html.page(status, FRAME.execute(model), CONTENT_SECURITY_POLICY, "same-origin");
    }

    /** A page that says one thing: a link used or expired, a session ended, a request refused. */
    static ResponseEntity<String> notice(
            HttpStatusCode status, String heading, String text, @Nullable String href, @Nullable String linkLabel) {
        var model = new HashMap<String, @Nullable Object>();
        model.put("heading", heading);
        model.put("text", text);
        boolean error = status.isError();
        model.put("error", error);
        model.put("role", error ? "alert" : "status");
        model.put("href", href);
        model.put("linkLabel", linkLabel);
        return page(
                status, heading, "portal-notice", "Customer portal", null, null, false, null, NOTICE.execute(model));
    }

    /** The page of a portal request without a live session. */
    static ResponseEntity<String> signedOut() {
        return notice(
                HttpStatus.UNAUTHORIZED,
                "Your portal session has ended",
                "Open the portal link the merchant sent you again, or sign in with your wallet from the merchant's page.",
                null,
                null);
    }

    static String render(Template template, Map<String, ?> model) {
        return template.execute(model);
    }
}
