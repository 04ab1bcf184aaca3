package io.abk.billing.gateway.checkout;

import com.samskivert.mustache.Mustache;
import com.samskivert.mustache.Template;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.springframework.core.io.ClassPathResource;

/**
 * The checkout pages' markup: Mustache templates in {@code checkout/} on the class path, compiled once. Every
 * {@code {{value}}} is escaped by {@link Html#escape}; the two values placed unescaped are the style sheet and a
 * page's content, itself rendered from a template, inside the frame. A value or section a template names but the model
 * lacks is a bug and fails the render; an empty text counts as absent, like {@code false}.
 */
final class CheckoutTemplates {

    private static final String DIRECTORY = "checkout/";

    private static final Mustache.Compiler COMPILER = Mustache.compiler()
            .withEscaper(Html::escape)
            .strictSections(true)
            .emptyStringIsFalse(true)
            .withLoader(name -> new StringReader(read(name + ".mustache")));

    /** The document around every page; {@code content} is the page's rendered markup. */
    static final Template FRAME = compile("frame");

    static final Template PAY = compile("pay");
    static final Template SUBSCRIBE = compile("subscribe");
    static final Template LINK = compile("link");
    static final Template NOT_FOUND = compile("not-found");

    private CheckoutTemplates() {}

    /** A file of the checkout's resources, as UTF-8 text. */
    static String read(String file) {
        try (var in = new ClassPathResource(DIRECTORY + file).getInputStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + DIRECTORY + file + " from the class path", e);
        }
    }

    private static Template compile(String name) {
        return COMPILER.compile(read(name + ".mustache"));
    }
}
