package io.abk.billing.systemtests.architecture;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The PostgreSQL writes each module's main code issues, read from the SQL in its string literals, held against the
 * owners docs/architecture.md names in "Tables and their writers": a table has one writing module, and the
 * migrations in a module's folder of {@code postgres-schema} create and change that module's tables only.
 */
record TableWriters(Path root) {

    static final String DOC = "docs/architecture.md";
    static final String HEADING = "## Tables and their writers";
    static final String MIGRATIONS = "postgres-schema/src/main/resources/db/migration";

    /** A string literal: a text block, or one line in double quotes (escapes kept, they do not matter to SQL). */
    private static final Pattern LITERAL =
            Pattern.compile("\"\"\"(.*?)\"\"\"|\"((?:[^\"\\\\\\n]|\\\\.)*)\"", Pattern.DOTALL);
    /**
     * A statement that writes rows, and the table it writes. SQL keywords are upper case in this code, which keeps
     * English in messages out; an upsert's {@code DO UPDATE SET} and a locking read's {@code FOR UPDATE OF} are not
     * writes of their own.
     */
    private static final Pattern WRITE = Pattern.compile(
            "\\b(?:INSERT\\s+INTO|DELETE\\s+FROM|MERGE\\s+INTO|TRUNCATE(?:\\s+TABLE)?|COPY|(?<!FOR\\s)UPDATE)\\s+(?!SET\\b|OF\\b)"
                    + "([a-z_][a-z0-9_]*)");
    /** What a migration makes or changes. */
    private static final Pattern DDL = Pattern.compile(
            "\\b(?:CREATE\\s+TABLE|ALTER\\s+TABLE|CREATE\\s+(?:OR\\s+REPLACE\\s+)?VIEW|INSERT\\s+INTO|UPDATE|DELETE\\s+FROM)\\s+(?!SET\\b)"
                    + "([a-z_][a-z0-9_]*)");

    /** One write: the module whose main code issues it, the table, and where. */
    record Write(String module, String table, String file) {}

    /** Table to its one writer, from the doc's table (first column the table, second its writer). */
    Map<String, String> owners() {
        var owners = new TreeMap<String, String>();
        var lines = read(root.resolve(DOC)).lines().toList();
        int start = lines.indexOf(HEADING);
        if (start < 0) {
            throw new IllegalStateException(DOC + " has no heading '" + HEADING + "'");
        }
        for (var line : lines.subList(start + 1, lines.size())) {
            if (line.startsWith("## ")) {
                break;
            }
            var cells = line.split("\\|");
            if (!line.startsWith("| `") || cells.length < 3) {
                continue;
            }
            owners.put(unquote(cells[1]), unquote(cells[2]));
        }
        return owners;
    }

    /** Every write in the main sources of every module of the build. */
    List<Write> writes() {
        var writes = new ArrayList<Write>();
        for (var module : modules()) {
            var sources = root.resolve(module).resolve("src/main/java");
            for (var file : javaFiles(sources)) {
                var text = read(file);
                var literals = LITERAL.matcher(text);
                while (literals.find()) {
                    var sql = literals.group(1) != null ? literals.group(1) : literals.group(2);
                    var statements = WRITE.matcher(sql);
                    while (statements.find()) {
                        writes.add(new Write(
                                module, table(statements), root.relativize(file).toString()));
                    }
                }
            }
        }
        return writes;
    }

    /**
     * What breaks the rule, one line each: a write by another module than the owner, or of a table with none, and a
     * writer in the doc that is no module.
     */
    List<String> violations() {
        var owners = owners();
        var found = new TreeSet<String>();
        var modules = modules();
        owners.forEach((table, owner) -> {
            if (!modules.contains(owner)) {
                found.add(table + " has the writer " + owner + " in " + DOC + ", which is no module of the build");
            }
        });
        for (var write : writes()) {
            var owner = owners.get(write.table());
            if (owner == null) {
                found.add(write.table() + " is written by " + write.module() + " (" + write.file()
                        + ") but has no writer in " + DOC);
            } else if (!owner.equals(write.module())) {
                found.add(write.table() + " is written by " + write.module() + " (" + write.file() + "), its writer is "
                        + owner);
            }
        }
        found.addAll(migrationViolations(owners));
        return List.copyOf(found);
    }

    /**
     * A migration in {@code db/migration/<module>} that makes or changes a table another module writes, and a table
     * made by a migration that the doc does not name.
     */
    private List<String> migrationViolations(Map<String, String> owners) {
        var found = new ArrayList<String>();
        var migrations = root.resolve(MIGRATIONS);
        for (var file : files(migrations, ".sql")) {
            var relative = migrations.relativize(file);
            var folder = relative.getNameCount() > 1 ? relative.getName(0).toString() : null;
            var statements = DDL.matcher(withoutComments(read(file)));
            while (statements.find()) {
                var table = table(statements);
                var owner = owners.get(table);
                if (owner == null) {
                    found.add(table + " is made or changed by " + relative + " but has no writer in " + DOC);
                } else if (folder != null && !folder.equals(owner)) {
                    found.add(table + " is made or changed by " + relative + ", its writer is " + owner);
                }
            }
        }
        return found;
    }

    /** The modules of the build: every directory with a pom and main Java sources, nested ones (examples/x) too. */
    List<String> modules() {
        try (Stream<Path> poms = Files.walk(root, 3)) {
            return poms.filter(p -> p.getFileName().toString().equals("pom.xml"))
                    .map(Path::getParent)
                    .filter(dir -> !dir.equals(root) && Files.isDirectory(dir.resolve("src/main/java")))
                    .filter(dir -> !root.relativize(dir).toString().contains("target"))
                    .map(dir -> root.relativize(dir).toString())
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String table(Matcher statement) {
        return statement.group(1).toLowerCase(Locale.ROOT);
    }

    private static String withoutComments(String sql) {
        return sql.replaceAll("--[^\\n]*", "");
    }

    private static String unquote(String cell) {
        return cell.trim().replace("`", "");
    }

    private static List<Path> javaFiles(Path dir) {
        return files(dir, ".java");
    }

    private static List<Path> files(Path dir, String suffix) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(p -> p.toString().endsWith(suffix)).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
