package io.abk.billing.gateway.platform.web;

import static io.abk.billing.gateway.testkit.RawBytes.concat;
import static io.abk.billing.gateway.testkit.RawBytes.hex;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class Utf8CheckTest {

    @ParameterizedTest
    @ValueSource(
            strings = {"", "plain ascii {\"a\":1}", "é", "€", "💩", "\u07ff\u0800\uffff", "\ud7ff\ue000", "\udbff\udfff"
            })
    void shouldAcceptWellFormedUtf8WhenFedInAnySplit(String text) {
        var bytes = text.getBytes(StandardCharsets.UTF_8);
        assertThat(check(bytes)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "c0 af", // overlong '/'
                "c1 bf", // overlong
                "e0 80 af", // overlong '/'
                "e0 9f bf", // overlong
                "f0 80 80 af", // overlong '/'
                "f0 8f bf bf", // overlong
                "ed a0 80", // high surrogate D800
                "ed bf bf", // low surrogate DFFF
                "f4 90 80 80", // past U+10FFFF
                "f5 80 80 80",
                "ff",
                "fe",
                "80",
                "bf", // never a lead byte
                "c3 28",
                "e2 82",
                "e2 82 28",
                "f0 9f 92", // a sequence cut short or interrupted
            })
    void shouldRefuseIllFormedUtf8(String hex) {
        var bytes = hex(hex);
        assertThat(check(bytes)).as(hex).isFalse();
        assertThat(check(concat(
                        "{\"a\":\"x".getBytes(StandardCharsets.US_ASCII),
                        bytes,
                        "\"}".getBytes(StandardCharsets.US_ASCII))))
                .as("inside a JSON string: " + hex)
                .isFalse();
    }

    /** Feeds the bytes one by one, so a sequence split across two buffers is read as one. */
    private static boolean check(byte[] bytes) {
        var check = new Utf8Check();
        boolean ok = true;
        for (byte b : bytes) {
            ok &= check.accept(b);
        }
        return ok && check.complete();
    }
}
