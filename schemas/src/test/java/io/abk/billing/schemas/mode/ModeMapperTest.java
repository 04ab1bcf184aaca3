package io.abk.billing.schemas.mode;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ModeMapperTest {

    @Test
    void shouldMapEveryModeToTheWireSymbolOfTheSameNameAndBack() {
        for (var mode : Mode.values()) {
            var wire = ModeMapper.toAvro(mode);
            assertThat(wire.name()).isEqualTo(mode.name());
            assertThat(ModeMapper.toDomain(wire)).isEqualTo(mode);
        }
        assertThat(Mode.values()).hasSameSizeAs(io.abk.billing.schemas.avro.Mode.values());
    }

    @Test
    void shouldLabelModesInLowerCase() {
        assertThat(Mode.TEST.label()).isEqualTo("test");
        assertThat(Mode.LIVE.label()).isEqualTo("live");
    }
}
