package io.abk.billing.gateway.platform.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nayuki.qrcodegen.QrCode;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class QrSvgTest {

    private static final Pattern MODULE = Pattern.compile("M(\\d+),(\\d+)h1v1h-1z");

    @Test
    void shouldDrawEveryDarkModuleOfTheCodeInsideItsQuietZone() {
        var text = "http://localhost:8080/checkout/link/plink_01J9ZQ3V6N";
        var svg = QrSvg.of(text, "QR code of the link's URL");

        var code = QrCode.encodeText(text, QrCode.Ecc.MEDIUM);
        int side = code.size + 8;
        assertThat(svg).startsWith("<svg ").contains("viewBox=\"0 0 " + side + " " + side + "\"");
        var drawn = new boolean[code.size][code.size];
        var modules = MODULE.matcher(svg);
        int count = 0;
        while (modules.find()) {
            int x = Integer.parseInt(modules.group(1)) - 4;
            int y = Integer.parseInt(modules.group(2)) - 4;
            drawn[y][x] = true;
            count++;
        }
        int dark = 0;
        for (int y = 0; y < code.size; y++) {
            for (int x = 0; x < code.size; x++) {
                assertThat(drawn[y][x]).as("module %d,%d", x, y).isEqualTo(code.getModule(x, y));
                dark += code.getModule(x, y) ? 1 : 0;
            }
        }
        assertThat(count).isEqualTo(dark);
    }

    @Test
    void shouldEscapeTheLabel() {
        assertThat(QrSvg.of("x", "a \"quoted\" <label>"))
                .contains("aria-label=\"a &quot;quoted&quot; &lt;label&gt;\"")
                .doesNotContain("<label>");
    }

    @Test
    void shouldRefuseATextNoQrCodeHolds() {
        assertThatThrownBy(() -> QrSvg.of("x".repeat(8_000), "too long"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("8000 characters");
    }
}
