package io.abk.billing.localstack.services;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HealthReportTest {

    @Test
    void shouldBeUpWhenTheGatewayAnswers200AndUp() {
        var report = HealthReport.parse(200, """
                {"status":"UP","components":{"db":{"status":"UP"},"kafka":{"status":"UP"}}}""");

        assertThat(report.isUp()).isTrue();
        assertThat(report.notUp()).isEmpty();
    }

    @Test
    void shouldNameEveryComponentNotUpWithItsDetailsWhenDown() {
        var report = HealthReport.parse(503, """
                {"status":"DOWN","components":{
                  "r2dbc":{"status":"UP"},
                  "kafka":{"status":"DOWN","details":{"error":"no broker"}},
                  "billing":{"status":"DOWN","components":{"streams":{"status":"OUT_OF_SERVICE"},"projector":{"status":"UP"}}}}}""");

        assertThat(report.isUp()).isFalse();
        assertThat(report.notUp())
                .containsExactly("kafka=DOWN ({\"error\":\"no broker\"})", "billing.streams=OUT_OF_SERVICE");
        assertThat(report.describe())
                .isEqualTo("kafka=DOWN ({\"error\":\"no broker\"}), billing.streams=OUT_OF_SERVICE");
    }

    @Test
    void shouldReportTheOverallStatusWhenNoComponentIsListed() {
        var report = HealthReport.parse(503, "{\"status\":\"DOWN\"}");

        assertThat(report.isUp()).isFalse();
        assertThat(report.describe()).isEqualTo("status=DOWN");
    }

    @Test
    void shouldNotBeUpWhenTheBodyIsNotJson() {
        var report = HealthReport.parse(502, "<html>bad gateway</html>");

        assertThat(report.isUp()).isFalse();
        assertThat(report.describe()).contains("502");
    }
}
