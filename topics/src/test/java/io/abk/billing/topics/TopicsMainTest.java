package io.abk.billing.topics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.topics.TopicProvisioner.Action;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TopicsMainTest {

    @Test
    void shouldApplyByDefaultAndCheckOrGrowWhenAsked() {
        assertThat(TopicsMain.options(List.of()).action()).isEqualTo(Action.APPLY);
        assertThat(TopicsMain.options(List.of("check")).action()).isEqualTo(Action.CHECK);
        assertThat(TopicsMain.options(List.of("apply", "--grow-partitions")).growPartitions())
                .isTrue();
    }

    @Test
    void shouldRefuseUnknownArgumentsAndGrowingInCheckMode() {
        assertThatThrownBy(() -> TopicsMain.options(List.of("delete")))
                .hasMessageContaining("unknown argument 'delete'");
        assertThatThrownBy(() -> TopicsMain.options(List.of("check", "--grow-partitions")))
                .hasMessageContaining("--grow-partitions only goes with apply");
    }

    @Test
    void shouldExitWith2AndNameTheVariableWhenASettingIsWrong() {
        var err = new ByteArrayOutputStream();

        int status = TopicsMain.run(
                new String[0],
                Map.of("BILLING_PARTITIONS", "zero"),
                new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8));

        assertThat(status).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .startsWith("topics: BILLING_PARTITIONS must be a whole number");
    }
}
