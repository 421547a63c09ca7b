/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.camelzenoh.zenoh.Loopback;
import io.github.camelzenoh.zenoh.PythonPeer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.apache.camel.main.Main;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The live page at {@code /} in a real browser (Debian's headless Chromium driven by Selenium):
 * samples from a Python publisher appear in the live table with a rate, a GET fills the replies
 * table, and a PUT from the page reaches a Python subscriber. A screenshot is saved under target/.
 */
class LivePageBrowserTest {

    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    static Main main;
    static int httpPort;
    static int zenohPort;
    static WebDriver browser;

    @BeforeAll
    static void start() throws Exception {
        Assumptions.assumeTrue(
                Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
                "Debian's chromium and chromium-driver are not installed (.ci/run installs them)");
        httpPort = Loopback.freePort();
        zenohPort = Loopback.freePort();
        main =
                ZenohHttpBridge.create(
                        "--http.port=" + httpPort,
                        "--http.managementPort=" + Loopback.freePort(),
                        "--zenoh.listen=" + Loopback.endpoint(zenohPort),
                        "--zenoh.timeout=3000");
        main.start();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments(
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--window-size=1280,1000");
        ChromeDriverService service =
                new ChromeDriverService.Builder()
                        .usingDriverExecutable(CHROMEDRIVER.toFile())
                        .usingAnyFreePort()
                        .build();
        browser = new ChromeDriver(service, options);
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.quit();
        }
        if (main != null) {
            main.stop();
        }
    }

    WebDriverWait waitUpTo(int seconds) {
        return new WebDriverWait(browser, Duration.ofSeconds(seconds));
    }

    void type(String id, String text) {
        WebElement e = browser.findElement(By.id(id));
        e.clear();
        e.sendKeys(text);
    }

    List<WebElement> rows(String table) {
        return browser.findElements(By.cssSelector("#" + table + " tbody tr"));
    }

    @Test
    void livePageSubscribesGetsAndPuts() throws Exception {
        browser.get("http://127.0.0.1:" + httpPort + "/");
        assertThat(browser.getTitle()).contains("zenoh");

        // (b) subscribe, then a Python publisher sends 20 samples
        type("sub-key", "live/**");
        browser.findElement(By.id("sub-button")).click();
        waitUpTo(20).until(d -> d.findElement(By.id("sub-status")).getText().equals("subscribed"));
        try (PythonPeer pub =
                PythonPeer.start(
                        "pub",
                        "--connect",
                        Loopback.endpoint(zenohPort),
                        "--key",
                        "live/sensor",
                        "--count",
                        "20",
                        "--payload",
                        "t={i}",
                        "--encoding",
                        "text/plain",
                        "--interval",
                        "0.05")) {
            waitUpTo(60).until(d -> rows("sub-table").size() == 20);
        }
        List<WebElement> live = rows("sub-table");
        assertThat(live.get(0).getText()).contains("live/sensor").contains("t=19");
        assertThat(live.get(19).getText()).contains("t=0").contains("text/plain");
        assertThat(browser.findElement(By.id("sub-count")).getText()).isEqualTo("20");
        assertThat(Double.parseDouble(browser.findElement(By.id("sub-rate")).getText()))
                .isGreaterThan(0);

        // pause: counted, not shown
        browser.findElement(By.id("sub-pause")).click();
        try (PythonPeer pub =
                PythonPeer.start(
                        "pub",
                        "--connect",
                        Loopback.endpoint(zenohPort),
                        "--key",
                        "live/sensor",
                        "--count",
                        "5",
                        "--payload",
                        "p={i}")) {
            waitUpTo(60).until(d -> d.findElement(By.id("sub-count")).getText().equals("25"));
        }
        assertThat(rows("sub-table")).hasSize(20);

        // (a) get: a Python queryable answers into the replies table
        try (PythonPeer q =
                PythonPeer.start(
                        "queryable",
                        "--connect",
                        Loopback.endpoint(zenohPort),
                        "--key",
                        "live/q/**",
                        "--reply-key",
                        "live/q/answer",
                        "--payload",
                        "{\"ok\":{i}}",
                        "--encoding",
                        "application/json",
                        "--replies",
                        "1",
                        "--count",
                        "0",
                        "--timeout",
                        "60")) {
            TestBridge.awaitAnswer(httpPort, "live/q/**");
            type("get-key", "live/q/**");
            browser.findElement(By.id("get-button")).click();
            waitUpTo(20).until(d -> rows("get-table").size() == 1);
        }
        assertThat(rows("get-table").get(0).getText())
                .contains("live/q/answer")
                .contains("{\"ok\":0}")
                .contains("application/json");
        // a refused get shows the bridge's reason (a text/plain body), not a JSON parse error
        type("get-key", "live/bad$key");
        browser.findElement(By.id("get-button")).click();
        waitUpTo(20).until(d -> d.findElement(By.id("get-status")).getText().startsWith("400 "));
        assertThat(browser.findElement(By.id("get-status")).getText())
                .doesNotContain("JSON")
                .contains("$");

        // (c) put from the page reaches a Python subscriber, with the chosen Content-Type
        try (PythonPeer sub =
                PythonPeer.start(
                        "sub",
                        "--connect",
                        Loopback.endpoint(zenohPort),
                        "--key",
                        "live/from-page",
                        "--count",
                        "1",
                        "--timeout",
                        "60")) {
            TestBridge.awaitSubscriber(main, "live/from-page");
            type("put-key", "live/from-page");
            new Select(browser.findElement(By.id("put-type")))
                    .selectByVisibleText("application/json");
            type("put-value", "{\"from\":\"browser\"}");
            browser.findElement(By.id("put-button")).click();
            JsonNode sample = sub.nextJson(60);
            assertThat(PythonPeer.text(sample.get("payload"))).isEqualTo("{\"from\":\"browser\"}");
            assertThat(sample.get("encoding").asText()).isEqualTo("application/json");
        }
        waitUpTo(10).until(d -> d.findElement(By.id("put-status")).getText().contains("(200)"));

        Path shot = Path.of("target", "live-page.png");
        Files.createDirectories(shot.getParent());
        Files.write(shot, ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES));
    }
}
