package io.abk.billing.systemtests.deploy;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * nginx.conf read as nginx reads it, enough for tests of what it routes: blocks ({@code server}, {@code location})
 * with their arguments, and their directives; comments dropped, quoted strings kept whole.
 */
record NginxConf(String name, List<String> args, List<List<String>> directives, List<NginxConf> blocks) {

    static NginxConf parse(String text) {
        var tokens = tokens(text);
        var root = new NginxConf("main", List.of(), new ArrayList<>(), new ArrayList<>());
        var at = parseInto(root, tokens, 0);
        if (at != tokens.size()) {
            throw new IllegalArgumentException("unbalanced braces in nginx.conf");
        }
        return root;
    }

    /** Every block named {@code name} in this one, at any depth. */
    List<NginxConf> all(String name) {
        var found = new ArrayList<NginxConf>();
        for (var block : blocks) {
            if (block.name.equals(name)) {
                found.add(block);
            }
            found.addAll(block.all(name));
        }
        return found;
    }

    /** The arguments of the directives named {@code name} of this block, not of its inner blocks. */
    List<List<String>> directive(String name) {
        return directives.stream()
                .filter(directive -> directive.getFirst().equals(name))
                .map(directive -> directive.subList(1, directive.size()))
                .toList();
    }

    /** The arguments of the directives named {@code name} in this block and every block inside it. */
    List<List<String>> everywhere(String name) {
        var found = new ArrayList<>(directive(name));
        blocks.forEach(block -> found.addAll(block.everywhere(name)));
        return found;
    }

    /** A location's path (its last argument, after any modifier such as {@code =} or {@code ~}). */
    Optional<String> path() {
        return name.equals("location") ? Optional.of(args.getLast()) : Optional.empty();
    }

    private static int parseInto(NginxConf parent, List<String> tokens, int from) {
        var at = from;
        var words = new ArrayList<String>();
        while (at < tokens.size()) {
            var token = tokens.get(at++);
            switch (token) {
                case ";" -> {
                    parent.directives.add(List.copyOf(words));
                    words.clear();
                }
                case "{" -> {
                    var block = new NginxConf(
                            words.getFirst(),
                            List.copyOf(words.subList(1, words.size())),
                            new ArrayList<>(),
                            new ArrayList<>());
                    parent.blocks.add(block);
                    words.clear();
                    at = parseInto(block, tokens, at);
                }
                case "}" -> {
                    return at;
                }
                default -> words.add(token);
            }
        }
        return at;
    }

    private static List<String> tokens(String text) {
        var tokens = new ArrayList<String>();
        var word = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '#') {
                while (i < text.length() && text.charAt(i) != '\n') {
                    i++;
                }
            } else if (c == '"') {
                int end = text.indexOf('"', i + 1);
                word.append(text, i + 1, end);
                i = end;
            } else if (Character.isWhitespace(c) || c == ';' || c == '{' || c == '}') {
                if (!word.isEmpty()) {
                    tokens.add(word.toString());
                    word.setLength(0);
                }
                if (!Character.isWhitespace(c)) {
                    tokens.add(String.valueOf(c));
                }
            } else {
                word.append(c);
            }
        }
        return tokens;
    }
}
