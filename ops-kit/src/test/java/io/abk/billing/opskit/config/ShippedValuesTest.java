package io.abk.billing.opskit.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The values the production profile refuses as shipped are those of the repository's .env.example, as it is now. */
class ShippedValuesTest {

    /** The module's directory is the tests' working directory; the file is at the repository's root. */
    private static final Path ENV_EXAMPLE = Path.of("..", ".env.example");

    @Test
    void shouldRefuseEveryValueTheRepositorysEnvExampleShips() throws Exception {
        var shipped = ShippedValues.valuesOf(Files.readString(ENV_EXAMPLE, StandardCharsets.UTF_8));

        assertThat(shipped).isNotEmpty();
        assertThat(shipped)
                .allSatisfy(value -> assertThat(ShippedValues.contains(value))
                        .as("%s, shipped in .env.example", value)
                        .isTrue());
    }

    @Test
    void shouldReadTheValuesItemsAndKeysOfAnEnvFileButNotItsComments() {
        var values = ShippedValues.valuesOf("""
                # A_COMMENT=not-a-value
                TOKEN=token-value
                KEYS=a1:base64key==, second
                EMPTY=
                """);

        assertThat(values)
                .containsExactlyInAnyOrder(
                        "token-value", "a1:base64key==, second", "a1:base64key==", "base64key==", "second");
    }

    @Test
    void shouldRefuseAValueOfTheFileEvenWhenItIsLongEnough() throws Exception {
        // A line of .env.example made long enough to pass the length rule is still refused: the file is read as built.
        var longest = ShippedValues.valuesOf(Files.readString(ENV_EXAMPLE, StandardCharsets.UTF_8)).stream()
                .max(java.util.Comparator.comparingInt(String::length))
                .orElseThrow();
        var env = new Env(Map.of(Env.PROFILES_VARIABLE, "production", "APP_SECRET", longest));

        assertThatThrownBy(() -> env.secret(Secret.optional("APP_SECRET").issuedElsewhere()))
                .hasMessageContaining("is a value shipped in .env.example");
    }
}
