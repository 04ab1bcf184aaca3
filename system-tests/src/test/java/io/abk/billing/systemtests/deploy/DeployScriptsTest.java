package io.abk.billing.systemtests.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.opskit.config.Env;
import io.abk.billing.opskit.config.Secret;
import io.abk.billing.systemtests.RepositoryRoot;
import io.abk.billing.webhookverify.sealing.SealingKeys;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyFactory;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The deployment's scripts, run as an operator runs them: the self-signed pair nginx serves for a local try, and the
 * secret files docker-compose passes to the services, which the production profile must accept as they are made.
 * Both need openssl: without it they are skipped, saying so, except under CI.
 */
class DeployScriptsTest {

    @TempDir
    Path dir;

    @BeforeAll
    static void needOpenssl() throws Exception {
        var found = new ProcessBuilder("sh", "-c", "command -v openssl").start().waitFor() == 0;
        if (!found && System.getenv("CI") != null) {
            throw new AssertionError(
                    "openssl is needed by deploy/tls/self-signed.sh and deploy/secrets/make-secrets.sh");
        }
        Assumptions.assumeTrue(found, "openssl is not installed: the deployment scripts' tests are skipped");
    }

    private record Run(int status, String output) {}

    private static Run run(String script, String... args) throws Exception {
        var command = new java.util.ArrayList<>(
                List.of("bash", RepositoryRoot.path().resolve(script).toString()));
        command.addAll(List.of(args));
        var process = new ProcessBuilder(command).redirectErrorStream(true).start();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError(script + " did not end within 60 s");
        }
        return new Run(
                process.exitValue(), new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
    }

    @Test
    void shouldMakeACertificateForTheHostAndTheKeyThatSignsForItWhenTryingTlsLocally() throws Exception {
        var tls = dir.resolve("tls");

        var made = run("deploy/tls/self-signed.sh", tls.toString(), "billing.example.test");

        assertThat(made.status()).as(made.output()).isZero();
        var certificate = (X509Certificate) CertificateFactory.getInstance("X.509")
                .generateCertificate(new ByteArrayInputStream(Files.readAllBytes(tls.resolve("cert.pem"))));
        assertThat(certificate.getSubjectX500Principal().getName()).isEqualTo("CN=billing.example.test");
        assertThat(certificate.getSubjectAlternativeNames().stream()
                        .map(name -> name.get(1).toString())
                        .toList())
                .contains("billing.example.test", "localhost", "127.0.0.1");
        certificate.checkValidity();
        var pem = Files.readString(tls.resolve("key.pem"));
        var key = KeyFactory.getInstance("EC")
                .generatePrivate(new PKCS8EncodedKeySpec(
                        Base64.getMimeDecoder().decode(pem.replaceAll("-----[A-Z ]+-----", ""))));
        var signer = Signature.getInstance("SHA256withECDSA");
        signer.initSign(key);
        signer.update("hello".getBytes(StandardCharsets.UTF_8));
        var verifier = Signature.getInstance("SHA256withECDSA");
        verifier.initVerify(certificate.getPublicKey());
        verifier.update("hello".getBytes(StandardCharsets.UTF_8));
        assertThat(verifier.verify(signer.sign()))
                .as("the key signs for the certificate")
                .isTrue();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(tls.resolve("key.pem"))))
                .isEqualTo("rw-------");
        var again = run("deploy/tls/self-signed.sh", tls.toString());
        assertThat(again.status()).as("a second run keeps the pair").isEqualTo(1);
        assertThat(Files.readString(tls.resolve("key.pem"))).isEqualTo(pem);
    }

    /** Protects a deployment's first start: the secrets the script makes are ones the production profile takes. */
    @Test
    void shouldMakeEverySecretFileSoThatTheProductionProfileTakesItAndKeepThemWhenRunAgain() throws Exception {
        var secrets = dir.resolve("secrets");

        var made = run("deploy/secrets/make-secrets.sh", secrets.toString());

        assertThat(made.status()).as(made.output()).isZero();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(secrets)))
                .isEqualTo("rwx------");
        var production = Map.of(Env.PROFILES_VARIABLE, "production");
        for (var secret : List.of(
                Secret.required("ADMIN_TOKEN"),
                Secret.required("POSTGRES_PASSWORD"),
                Secret.required("SEALING_KEYS").keyring(),
                Secret.required("USDT_KEYS").list(),
                Secret.required("USDT_WEBHOOK_SECRET"),
                Secret.required("GRAFANA_ADMIN_PASSWORD"))) {
            var file = secrets.resolve(secret.name().toLowerCase().replace('_', '-'));
            var env = new java.util.HashMap<>(production);
            env.put(secret.fileVariable(), file.toString());
            assertThat(new Env(env).secret(secret)).as(file.toString()).isNotEmpty();
        }
        assertThat(SealingKeys.of(Files.readString(secrets.resolve("sealing-keys")), "", true)
                        .ids())
                .containsExactly("k1");
        assertThat(Files.readString(secrets.resolve("usdt-webhook-secret"))).startsWith("whsec_");
        for (var yours : List.of("test-relayer-key", "live-relayer-key", "usdt-rpc-api-key")) {
            assertThat(secrets.resolve(yours)).as("left for the operator").isEmptyFile();
        }
        var token = Files.readString(secrets.resolve("admin-token"));
        assertThat(run("deploy/secrets/make-secrets.sh", secrets.toString()).status())
                .isZero();
        assertThat(Files.readString(secrets.resolve("admin-token"))).as("kept").isEqualTo(token);
    }
}
