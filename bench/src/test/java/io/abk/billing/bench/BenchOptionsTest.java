package io.abk.billing.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class BenchOptionsTest {

    private static BenchOptions parse(String... args) {
        return BenchOptions.parse(args);
    }

    @Test
    void shouldUseTheIssueRowsAsDefaultsWhenNoArgumentsAreGiven() {
        var options = parse();

        assertThat(options.scenarios()).isEqualTo(EnumSet.complementOf(EnumSet.of(Scenario.FIXED)));
        assertThat(options.rate()).isEqualTo(1000);
        assertThat(options.warmup()).isEqualTo(Duration.ofSeconds(120));
        assertThat(options.window()).isEqualTo(Duration.ofSeconds(20));
        assertThat(options.duration()).isEqualTo(Duration.ofSeconds(30));
        assertThat(options.clients()).containsExactly(64, 128);
        assertThat(options.getClients()).containsExactly(8, 32);
        assertThat(options.getPool()).isEqualTo(1000);
        assertThat(options.renewals()).isEqualTo(100_000);
        assertThat(options.webhookEvents()).isEqualTo(5000);
        assertThat(options.webhookEndpoints()).isEqualTo(100);
        assertThat(options.recoverySubscriptions()).isEqualTo(100_000);
        assertThat(options.startsOwnStack()).isTrue();
        assertThat(options.baselines()).isTrue();
    }

    @Test
    void shouldRunTheScenariosNamedInTheirOwnOrderWhenGivenAList() {
        assertThat(parse("--scenario", "renewals").scenarios()).containsExactly(Scenario.RENEWALS);
        assertThat(parse("--scenario", "webhooks,creates").scenarios())
                .containsExactly(Scenario.CREATES, Scenario.WEBHOOKS);
        assertThat(parse("--scenario", "all").scenarios())
                .containsExactly(
                        Scenario.CREATES,
                        Scenario.GETS,
                        Scenario.RENEWALS,
                        Scenario.WEBHOOKS,
                        Scenario.DASHBOARD,
                        Scenario.USAGE,
                        Scenario.RECOVERY);
        assertThat(parse("--scenario", "fixed").scenarios()).containsExactly(Scenario.FIXED);
        assertThat(parse("--scenario", "recovery").needsStack()).isFalse();
        assertThat(parse("--scenario", "recovery", "--chain").needsStack()).isTrue();
    }

    @Test
    void shouldReadListsAndSizesWhenGiven() {
        var options = parse(
                "--clients",
                "16",
                "--get-clients",
                "4,8,16",
                "--renewals",
                "1000000",
                "--webhook-endpoints",
                "1",
                "--recovery-subscriptions",
                "300",
                "--window",
                "5",
                "--warmup",
                "10",
                "--baselines",
                "false",
                "--stack-jar",
                "x.jar");

        assertThat(options.clients()).isEqualTo(List.of(16));
        assertThat(options.getClients()).containsExactly(4, 8, 16);
        assertThat(options.renewals()).isEqualTo(1_000_000);
        assertThat(options.webhookEndpoints()).isEqualTo(1);
        assertThat(options.recoverySubscriptions()).isEqualTo(300);
        assertThat(options.window()).isEqualTo(Duration.ofSeconds(5));
        assertThat(options.baselines()).isFalse();
        assertThat(options.stackJar()).hasToString("x.jar");
    }

    @Test
    void shouldSkipTheWebhookScenarioWhenAskedForNoEvents() {
        assertThat(parse("--webhook-events", "0").webhookEvents()).isZero();
        assertThat(parse("--webhook-events", "0").runs(Scenario.WEBHOOKS)).isFalse();
        assertThat(parse("--webhook-events", "200").webhookEvents()).isEqualTo(200);
        assertThatThrownBy(() -> parse("--webhook-events", "-1")).hasMessageContaining("positive");
    }

    @Test
    void shouldLeaveRecoveryOutOfAllWhenTheStackRunsElsewhere() {
        var external =
                parse("--url", "http://x", "--key", "k", "--bootstrap", "b", "--jdbc", "j", "--admin-token", "t");

        assertThat(external.scenarios())
                .doesNotContain(Scenario.RECOVERY)
                .contains(Scenario.CREATES, Scenario.RENEWALS);
        assertThat(external.startsOwnStack()).isFalse();
    }

    @Test
    void shouldRefuseUnknownOptionsAndIncompleteExternalTargets() {
        assertThatThrownBy(() -> parse("--speed", "9")).hasMessageContaining("speed");
        assertThatThrownBy(() -> parse("--url", "http://x")).hasMessageContaining("--key");
        assertThatThrownBy(() -> parse("--rate", "0")).hasMessageContaining("positive");
        assertThatThrownBy(() -> parse("--key", "k")).hasMessageContaining("--url");
    }

    @Test
    void shouldRefuseBadValuesNamingTheOption() {
        assertThatThrownBy(() -> parse("--scenario", "everything"))
                .hasMessageContaining("--scenario")
                .hasMessageContaining("creates|fixed|gets|renewals|webhooks|dashboard|usage|recovery");
        assertThatThrownBy(() -> parse("--scenario", "creates,,gets")).hasMessageContaining("--scenario");
        assertThatThrownBy(() -> parse("--renewals", "1000001"))
                .hasMessageContaining("--renewals")
                .hasMessageContaining("1000000");
        assertThatThrownBy(() -> parse("--usage-events", "0")).hasMessageContaining("--usage-events");
        assertThatThrownBy(() -> parse("--renewals", "lots"))
                .hasMessageContaining("--renewals must be a positive integer");
        assertThatThrownBy(() -> parse("--clients", "64,0"))
                .hasMessageContaining("--clients")
                .hasMessageContaining("'64,0'");
        assertThatThrownBy(() -> parse("--get-clients", "8,")).hasMessageContaining("--get-clients");
        assertThatThrownBy(() -> parse("--baselines", "maybe")).hasMessageContaining("--baselines takes true or false");
        assertThatThrownBy(() -> parse("--window")).hasMessageContaining("--window");
    }

    @Test
    void shouldRefuseScenariosThatCannotRunOnAStackElsewhere() {
        var target = new String[] {"--url", "http://x", "--key", "k", "--bootstrap", "b", "--jdbc", "j"};

        assertThatThrownBy(() -> parse(concat(target, "--scenario", "recovery")))
                .hasMessageContaining("recovery")
                .hasMessageContaining("--url");
        assertThatThrownBy(() -> parse(concat(target, "--scenario", "renewals")))
                .hasMessageContaining("--admin-token");
        assertThatThrownBy(() -> parse(concat(target, "--chain"))).hasMessageContaining("--chain");
    }

    @Test
    void shouldExitWithTwoAndTheReasonWhenAnArgumentIsBad() throws Exception {
        assertThat(BenchMain.run(new String[] {"--renewals", "0"})).isEqualTo(2);
    }

    private static String[] concat(String[] head, String... tail) {
        var out = new String[head.length + tail.length];
        System.arraycopy(head, 0, out, 0, head.length);
        System.arraycopy(tail, 0, out, head.length, tail.length);
        return out;
    }
}
