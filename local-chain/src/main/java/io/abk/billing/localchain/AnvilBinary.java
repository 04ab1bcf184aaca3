package io.abk.billing.localchain;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Finds the anvil executable: system property {@code billing.anvil}, environment {@code BILLING_ANVIL_PATH}, the
 * npm package under {@code contracts/node_modules} of the checkout (from system property {@code billing.repo.root},
 * set by the build for tests, then walking up from the working directory), then {@code anvil} on the PATH.
 */
public final class AnvilBinary {

    /** The anvil release the project is tested with; the contracts module's package-lock.json pins the same. */
    public static final String VERSION = "1.7.1";

    public static final String NPM_PACKAGE = "@foundry-rs/anvil-linux-amd64";

    static final String PROPERTY = "billing.anvil";
    static final String ENVIRONMENT = "BILLING_ANVIL_PATH";
    static final String REPO_ROOT_PROPERTY = "billing.repo.root";
    private static final Path IN_PACKAGE = Path.of("node_modules", "@foundry-rs", "anvil-linux-amd64", "bin", "anvil");
    /** npm install of one package takes about 3 s; two minutes covers a slow registry. */
    private static final long INSTALL_TIMEOUT_SECONDS = 120;

    private AnvilBinary() {}

    /** The anvil executable, or an exception listing every place looked at and how to get one. */
    public static Path locate() {
        List<String> tried = new ArrayList<>();
        return find(tried)
                .orElseThrow(() -> new IllegalStateException("anvil not found; looked at: "
                        + String.join(", ", tried)
                        + ". Run `npm ci` in contracts/ (the Maven build of the contracts module "
                        + "does it), or set -D" + PROPERTY + " or " + ENVIRONMENT + " to an anvil " + VERSION
                        + " binary"));
    }

    public static Optional<Path> find() {
        return find(new ArrayList<>());
    }

    /**
     * anvil from {@link #find()}, or else installed with npm under {@code dir} (for the local stack run outside a
     * built checkout).
     */
    public static Path locateOrInstall(Path dir) {
        return find().orElseGet(() -> installInto(dir));
    }

    /** Runs {@code npm install --prefix dir @foundry-rs/anvil-linux-amd64@1.7.1} unless already there. */
    public static Path installInto(Path dir) {
        Path binary = dir.resolve(IN_PACKAGE);
        if (Files.isExecutable(binary)) {
            return binary;
        }
        try {
            Files.createDirectories(dir);
            Path log = Files.createTempFile("anvil-npm-install", ".log");
            Process npm = new ProcessBuilder(
                            "npm",
                            "install",
                            "--no-audit",
                            "--no-fund",
                            "--prefix",
                            dir.toAbsolutePath().toString(),
                            NPM_PACKAGE + "@" + VERSION)
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
            if (!npm.waitFor(INSTALL_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                npm.destroyForcibly();
                throw new IllegalStateException("npm install of anvil timed out; see " + log);
            }
            if (npm.exitValue() != 0 || !Files.isExecutable(binary)) {
                throw new IllegalStateException(
                        "npm install of anvil failed (exit " + npm.exitValue() + "); see " + log);
            }
            return binary;
        } catch (IOException e) {
            throw new IllegalStateException("cannot install anvil with npm (is Node.js with npm installed?)", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while installing anvil", e);
        }
    }

    private static Optional<Path> find(List<String> tried) {
        List<Path> candidates = new ArrayList<>();
        String property = System.getProperty(PROPERTY);
        if (property != null && !property.isBlank()) {
            candidates.add(Path.of(property));
        }
        String environment = System.getenv(ENVIRONMENT);
        if (environment != null && !environment.isBlank()) {
            candidates.add(Path.of(environment));
        }
        String repoRoot = System.getProperty(REPO_ROOT_PROPERTY);
        if (repoRoot != null && !repoRoot.isBlank()) {
            candidates.add(Path.of(repoRoot).resolve("contracts").resolve(IN_PACKAGE));
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            candidates.add(dir.resolve("contracts").resolve(IN_PACKAGE));
        }
        String path = System.getenv("PATH");
        if (path != null) {
            for (String entry : path.split(File.pathSeparator)) {
                if (!entry.isBlank()) {
                    candidates.add(Path.of(entry, "anvil"));
                }
            }
        }
        for (Path candidate : candidates) {
            tried.add(candidate.toString());
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(candidate.toAbsolutePath());
            }
        }
        return Optional.empty();
    }
}
