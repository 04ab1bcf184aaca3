package io.abk.billing.systemtests.docs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One Markdown file as GitHub renders it, for the link check: the anchors its headings get, the links it makes
 * outside code, and the fenced blocks it declares to be copies of a file ({@code <!-- include: path -->} on the line
 * before the fence).
 */
record MarkdownFile(Path path, Set<String> anchors, List<Link> links, List<Include> includes) {

    /** A link as written, and the line it is on. */
    record Link(int line, String target) {}

    /** A fenced block that must equal the file at {@code source} (relative to the repository root). */
    record Include(int line, String source, String content) {}

    private static final Pattern FENCE = Pattern.compile("^ {0,3}(`{3,}|~{3,})");
    private static final Pattern HEADING = Pattern.compile("^ {0,3}(#{1,6})\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern INLINE_LINK =
            Pattern.compile("!?\\[(?:[^\\[\\]]|\\[[^\\]]*])*]\\(\\s*<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\s*\\)");
    private static final Pattern REFERENCE = Pattern.compile("^ {0,3}\\[[^\\]]+]:\\s*<?(\\S+?)>?(?:\\s+.*)?$");
    private static final Pattern CODE_SPAN = Pattern.compile("(`+)(.+?)\\1");
    private static final Pattern HTML_ANCHOR = Pattern.compile("<a\\s+(?:name|id)=\"([^\"]+)\"");
    private static final Pattern INCLUDE = Pattern.compile("^<!--\\s*include:\\s*(\\S+)\\s*-->\\s*$");

    static MarkdownFile read(Path path) throws IOException {
        var lines = Files.readString(path, StandardCharsets.UTF_8).split("\n", -1);
        var anchors = new LinkedHashSet<String>();
        var seen = new HashMap<String, Integer>();
        var links = new ArrayList<Link>();
        var includes = new ArrayList<Include>();
        String fence = null;
        String includeSource = null;
        int includeLine = 0;
        var fenced = new StringBuilder();
        for (int i = 0; i < lines.length; i++) {
            var line = lines[i];
            var fenceMatch = FENCE.matcher(line);
            if (fence != null) {
                if (fenceMatch.find()
                        && fenceMatch.group(1).charAt(0) == fence.charAt(0)
                        && fenceMatch.group(1).length() >= fence.length()
                        && line.strip().equals(fenceMatch.group(1))) {
                    if (includeSource != null) {
                        includes.add(new Include(includeLine, includeSource, fenced.toString()));
                        includeSource = null;
                    }
                    fence = null;
                } else {
                    fenced.append(line).append('\n');
                }
                continue;
            }
            if (fenceMatch.find()) {
                fence = fenceMatch.group(1);
                fenced.setLength(0);
                continue;
            }
            var include = INCLUDE.matcher(line);
            if (include.matches()) {
                includeSource = include.group(1);
                includeLine = i + 1;
                continue;
            }
            if (includeSource != null && !line.isBlank()) {
                includes.add(new Include(includeLine, includeSource, null));
                includeSource = null;
            }
            var heading = HEADING.matcher(line);
            if (heading.matches()) {
                anchors.add(unique(slug(heading.group(2)), seen));
            }
            var html = HTML_ANCHOR.matcher(line);
            while (html.find()) {
                anchors.add(html.group(1));
            }
            var text = CODE_SPAN.matcher(line).replaceAll("");
            var reference = REFERENCE.matcher(text);
            if (reference.matches()) {
                links.add(new Link(i + 1, reference.group(1)));
            }
            var inline = INLINE_LINK.matcher(text);
            while (inline.find()) {
                links.add(new Link(i + 1, inline.group(1)));
            }
        }
        return new MarkdownFile(path, Set.copyOf(anchors), List.copyOf(links), List.copyOf(includes));
    }

    /**
     * The anchor GitHub gives a heading: its text without markup, in lower case, without any character but letters,
     * digits, {@code _}, {@code -} and spaces, spaces turned into hyphens.
     */
    static String slug(String heading) {
        var text = heading.replaceAll("!?\\[([^\\]]*)]\\([^)]*\\)", "$1")
                .replaceAll("<[^>]+>", "")
                .toLowerCase(Locale.ROOT);
        var out = new StringBuilder();
        text.codePoints().forEach(c -> {
            if (Character.isLetterOrDigit(c)
                    || c == '_'
                    || c == '-'
                    || Character.getType(c) == Character.NON_SPACING_MARK) {
                out.appendCodePoint(c);
            } else if (c == ' ') {
                out.append('-');
            }
        });
        return out.toString();
    }

    /** GitHub numbers repeated anchors: {@code x}, {@code x-1}, {@code x-2}. */
    private static String unique(String slug, Map<String, Integer> seen) {
        int count = seen.merge(slug, 1, Integer::sum);
        return count == 1 ? slug : slug + "-" + (count - 1);
    }
}
