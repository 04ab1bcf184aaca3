package io.abk.billing.gateway.platform.web;

import com.samskivert.mustache.Mustache;
import com.samskivert.mustache.Template;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.springframework.core.io.ClassPathResource;

/**
 * The Mustache templates of a server-rendered area (checkout, dashboard) in one class-path directory: every
 * {@code {{value}}} escaped by {@link Html#escape}, a partial ({@code {{> name}}}) read from the same directory, and a
 * value or section a template names but the model lacks a bug that fails the render (an empty text counts as absent,
 * like {@code false}).
 */
public final class PageTemplates {

    private final String directory;
    private final Mustache.Compiler compiler;

    /** The templates in {@code directory} (with its trailing slash, e.g. {@code checkout/}). */
    public PageTemplates(String directory) {
        this.directory = directory;
        this.compiler = Mustache.compiler()
                .withEscaper(Html::escape)
                .strictSections(true)
                .emptyStringIsFalse(true)
                .withLoader(name -> new StringReader(read(name + ".mustache")));
    }

    /** {@code name.mustache}, compiled. */
    public Template compile(String name) {
        return compiler.compile(read(name + ".mustache"));
    }

    /** A file of the directory, as UTF-8 text. */
    public String read(String file) {
        try (var in = new ClassPathResource(directory + file).getInputStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + directory + file + " from the class path", e);
        }
    }
}
