package io.abk.billing.gateway.checkout;

import com.samskivert.mustache.Template;
import io.abk.billing.gateway.platform.web.PageTemplates;

/**
 * The checkout pages' markup: Mustache templates in {@code checkout/} on the class path, compiled once
 * ({@link PageTemplates}: every value escaped). The two values placed unescaped are the style sheet and a page's
 * content, itself rendered from a template, inside the frame.
 */
final class CheckoutTemplates {

    private static final PageTemplates TEMPLATES = new PageTemplates("checkout/");

    /** The document around every page; {@code content} is the page's rendered markup. */
    static final Template FRAME = TEMPLATES.compile("frame");

    static final Template PAY = TEMPLATES.compile("pay");
    static final Template SUBSCRIBE = TEMPLATES.compile("subscribe");
    static final Template LINK = TEMPLATES.compile("link");
    static final Template INVOICE = TEMPLATES.compile("invoice");
    static final Template NOT_FOUND = TEMPLATES.compile("not-found");

    private CheckoutTemplates() {}

    /** A file of the checkout's resources, as UTF-8 text. */
    static String read(String file) {
        return TEMPLATES.read(file);
    }
}
