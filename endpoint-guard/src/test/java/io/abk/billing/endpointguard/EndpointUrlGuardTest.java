package io.abk.billing.endpointguard;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.endpointguard.EndpointUrlGuard.Verdict;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The SSRF guard over tables of addresses and URLs; names resolve through a fixed table, never real DNS. */
class EndpointUrlGuardTest {

    /** Each name resolves to these literal addresses; a name not listed does not resolve. */
    private static final Map<String, String[]> DNS = Map.of(
            "public.example", new String[] {"93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"},
            "private.example", new String[] {"10.1.2.3"},
            "metadata.example", new String[] {"169.254.169.254"},
            "rebind.example", new String[] {"93.184.215.14", "192.168.1.10"},
            "localhost", new String[] {"127.0.0.1", "::1"});

    private static InetAddress[] resolve(String host) throws UnknownHostException {
        var literal = DNS.get(host);
        if (literal == null) {
            // Literal addresses parse without DNS, as InetAddress.getAllByName does.
            if (host.matches("[0-9a-fA-F:.]+") && (host.contains(":") || host.matches("[0-9.]+"))) {
                return InetAddress.getAllByName(host);
            }
            throw new UnknownHostException(host);
        }
        var addresses = new InetAddress[literal.length];
        for (int i = 0; i < literal.length; i++) {
            addresses[i] = InetAddress.getByName(literal[i]);
        }
        return addresses;
    }

    private final EndpointUrlGuard strict = new EndpointUrlGuard(EndpointUrlGuardTest::resolve, false);
    private final EndpointUrlGuard relaxed = new EndpointUrlGuard(EndpointUrlGuardTest::resolve, true);

    @ParameterizedTest
    @ValueSource(
            strings = {
                "0.0.0.0",
                "0.1.2.3",
                "127.0.0.1",
                "127.255.0.9",
                "10.0.0.1",
                "10.255.255.255",
                "172.16.0.1",
                "172.31.255.254",
                "192.168.0.1",
                "169.254.169.254",
                "169.254.0.1",
                "100.64.0.1",
                "100.127.255.254",
                "224.0.0.1",
                "239.1.1.1",
                "240.0.0.1",
                "255.255.255.255",
                "::",
                "::1",
                "fc00::1",
                "fd12:3456::1",
                "fe80::1",
                "ff02::1",
                "::ffff:127.0.0.1",
                "::ffff:10.0.0.1",
                "::ffff:169.254.169.254",
                "::10.0.0.1",
                "64:ff9b::a00:1",
                "64:ff9b::7f00:1"
            })
    void shouldRefuseAddressWhenNotPublic(String literal) throws Exception {
        assertThat(AddressRules.whyNotPublic(InetAddress.getByName(literal))).isNotNull();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "93.184.215.14",
                "8.8.8.8",
                "1.1.1.1",
                "172.15.255.255",
                "172.32.0.1",
                "100.63.255.255",
                "100.128.0.1",
                "169.253.1.1",
                "192.167.1.1",
                "11.0.0.1",
                "2606:4700:4700::1111",
                "2001:4860:4860::8888",
                "::ffff:8.8.8.8",
                "64:ff9b::808:808"
            })
    void shouldAllowAddressWhenPublic(String literal) throws Exception {
        assertThat(AddressRules.whyNotPublic(InetAddress.getByName(literal))).isNull();
    }

    @Test
    void shouldRefuseIpv4MappedAddressWhenJavaKeepsItAsIpv6() throws Exception {
        // Protects against a bypass: an Inet6Address holding ::ffff:10.0.0.1 is not isSiteLocalAddress().
        var bytes = new byte[16];
        bytes[10] = (byte) 0xff;
        bytes[11] = (byte) 0xff;
        bytes[12] = 10;
        bytes[15] = 1;
        assertThat(AddressRules.whyNotPublic(Inet6Address.getByAddress(null, bytes, null)))
                .contains("private");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            http://public.example/hook              | true  | https
            http://public.example/hook              | false | https
            https://127.0.0.1/hook                  | true  | loopback
            https://127.0.0.1/hook                  | false | loopback
            https://localhost/hook                  | true  | loopback
            https://[::1]/hook                      | true  | loopback
            https://[::1]:8443/hook                 | false | loopback
            https://10.0.0.7/hook                   | true  | private
            https://172.20.1.1/hook                 | true  | private
            https://192.168.1.1/hook                | true  | private
            https://169.254.169.254/latest/meta-data | true | link-local
            https://100.64.1.1/hook                 | true  | carrier-grade
            https://[fd00::1]/hook                  | true  | unique-local
            https://[::ffff:127.0.0.1]/hook         | true  | loopback
            https://private.example/hook            | true  | private
            https://metadata.example/hook           | true  | link-local
            https://rebind.example/hook             | true  | private
            https://nowhere.example/hook            | true  | does not resolve
            https://user:pw@public.example/hook     | true  | user name
            ftp://public.example/hook               | true  | absolute https
            /relative/hook                          | true  | absolute https
            https:///nohost                         | true  | absolute https
            https://public.example/a b              | true  | valid URL
            mailto:someone@public.example           | true  | absolute https
            """)
    void shouldRefuseUrlWhenStrict(String url, boolean live, String why) {
        assertThat(strict.check(url, live))
                .isInstanceOfSatisfying(
                        Verdict.Refused.class,
                        refused -> assertThat(refused.reason()).contains(why));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "https://public.example/hook",
                "https://93.184.215.14:8443/a?b=c",
                "HTTPS://public.example",
                "https://[2606:4700:4700::1111]/hook"
            })
    void shouldAllowUrlWhenHttpsToPublicAddresses(String url) {
        assertThat(strict.check(url, true)).isInstanceOf(Verdict.Allowed.class);
        assertThat(strict.check(url, false)).isInstanceOf(Verdict.Allowed.class);
    }

    @Test
    void shouldRefuseUrlWhenLongerThanTheLimit() {
        var url = "https://public.example/" + "a".repeat(EndpointUrlGuard.MAX_URL_LENGTH);
        assertThat(strict.check(url, true)).isInstanceOf(Verdict.Refused.class);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "http://127.0.0.1:9000/hook",
                "http://localhost:9000/hook",
                "http://[::1]/hook",
                "https://localhost/hook",
                "http://public.example/hook"
            })
    void shouldAllowHttpAndLoopbackWhenTestModeIsRelaxed(String url) {
        assertThat(relaxed.check(url, false)).isInstanceOf(Verdict.Allowed.class);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "http://127.0.0.1:9000/hook",
                "https://localhost/hook",
                "http://10.0.0.1/hook",
                "http://169.254.169.254/",
                "http://private.example/hook"
            })
    void shouldRefuseWhenLiveEvenIfTestModeIsRelaxed(String url) {
        assertThat(relaxed.check(url, true)).isInstanceOf(Verdict.Refused.class);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "http://10.0.0.1/hook",
                "http://169.254.169.254/",
                "http://rebind.example/hook",
                "http://user@localhost/hook"
            })
    void shouldRefuseNonLoopbackPrivateWhenTestModeIsRelaxed(String url) {
        assertThat(relaxed.check(url, false)).isInstanceOf(Verdict.Refused.class);
    }

    @ParameterizedTest
    @CsvSource({
        "::1, ::1",
        "0:0:0:0:0:0:0:0, ::",
        "fe80:0:0:0:0:0:0:1, fe80::1",
        "2001:db8:0:0:1:0:0:1, 2001:db8::1:0:0:1",
        "2001:db8:0:1:1:1:1:1, 2001:db8:0:1:1:1:1:1",
        "fd00:0:0:0:0:0:0:0, fd00::",
        "10.0.0.5, 10.0.0.5"
    })
    void shouldWriteAnAddressTheShortWayWhenDisplayingIt(String literal, String expected) throws UnknownHostException {
        assertThat(AddressRules.display(InetAddress.getByName(literal))).isEqualTo(expected);
    }

    @Test
    void shouldNameTheShortFormOfAnIpv6AddressWhenRefusingIt() {
        assertThat(EndpointUrlGuard.addressRefusal("[::1]", java.util.List.of(InetAddress.getLoopbackAddress()), false))
                .isNotNull();
        var refused = new EndpointUrlGuard(host -> new InetAddress[] {Inet6Address.getByName("fd00::7")}, false)
                .check("https://hooks.example.com/x", true);
        assertThat(refused)
                .isEqualTo(new Verdict.Refused("url's host 'hooks.example.com' resolves to fd00::7, which is a"
                        + " unique-local address (fc00::/7); webhooks are only sent to public addresses"));
    }
}
