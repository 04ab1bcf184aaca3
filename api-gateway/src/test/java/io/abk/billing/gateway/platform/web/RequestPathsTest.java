package io.abk.billing.gateway.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;

class RequestPathsTest {

    /** An invitation's token is its invitee's credential: a log line with it would let a log's reader join the team. */
    @ParameterizedTest
    @CsvSource({
        "/dashboard/invitations/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA, /dashboard/invitations/***",
        "/dashboard//invitations/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA, /dashboard/invitations/***",
        "/dashboard;x=1/invitations/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA, /dashboard/invitations/***",
        "/dashboard/settings/team/invitations/uinv_1/revoke, /dashboard/settings/team/invitations/uinv_1/revoke",
        "/v1/team/invitations, /v1/team/invitations"
    })
    void shouldMaskAnInvitationsTokenWhenAPathIsLoggedAndKeepEveryOtherPath(String path, String logged) {
        var request = MockServerHttpRequest.get(path).build();

        assertThat(RequestPaths.forLog(request)).isEqualTo(logged);
    }
}
