//! The phone form keeps every answer on the server (headless Chromium as a phone,
//! JavaScript on): half of game 2 answered, then the page reloaded, and Back (the screen
//! before) then forward, each time the same screen with every answer; starting again is asked once, then gives a
//! new form. Skipped, with a notice, where Chromium or its driver is missing.

use std::time::Duration;

use fantoccini::Client;

use crate::common::TestEnv;
use crate::serve_browser::{browser, chromedriver, chromium, runtime, shows};
use crate::serve_browser_log::{Counted, GAME_1, named, seat_the_table, serve};

/// The form as the phone shows it: its screen, the answers it carries, and every option
/// chosen and list picked on it.
async fn form_shown(client: &Client) -> String {
    let value = client
        .execute(
            "var f=document.querySelector('form.screen');if(!f)return 'no form';\
             var chosen=[].slice.call(f.querySelectorAll('input:checked,select')).map(function(e){return e.name+'='+e.value;});\
             return 'screen '+f.dataset.screen+' '+f.querySelector('input[name=answers]').value+' '+chosen.join(' ');",
            Vec::new(),
        )
        .await
        .expect("the form");
    value.as_str().unwrap_or_default().to_string()
}

#[test]
fn a_reload_or_back_then_forward_keeps_every_answer_and_the_screen() {
    let Some(driver) = chromium("the phone form in a browser") else {
        return;
    };
    let env = TestEnv::new();
    env.init_set_up(&["init"]);
    env.ok(GAME_1);
    let (_server, url) = serve(&env);
    let (_driver, driver_port) = chromedriver(&driver);
    let runtime = runtime();
    runtime.block_on(async {
        let driver = format!("http://127.0.0.1:{driver_port}");
        let client = browser(&driver, true).await;
        client
            .goto(&format!("{url}/board"))
            .await
            .expect("the board");
        named(&client, &url).await;
        let mut phone = Counted::new(client);
        seat_the_table(&mut phone).await;
        phone.go("#next").await;
        phone.tap("winner", "Cy").await;
        phone.tap("result:Ann", "held-on").await;
        phone.tap("result:Bo", "eliminated").await;
        let before = form_shown(&phone.client).await;
        for answer in ["\"winner\":\"Cy\"", "\"hq-5\":\"Japan\"", "\"result:Bo\""] {
            assert!(before.contains(answer), "{answer}: {before}");
        }
        phone.client.refresh().await.expect("reloaded");
        shows(&phone.client, "How it went", Duration::from_secs(5)).await;
        phone.settled().await;
        assert_eq!(form_shown(&phone.client).await, before, "after a reload");
        // The phone's Back: the screen before, every answer kept; forward: this one again.
        phone.client.back().await.expect("back");
        shows(&phone.client, "Who played", Duration::from_secs(5)).await;
        phone.settled().await;
        let back = form_shown(&phone.client).await;
        let answers = before.split(' ').nth(2).unwrap_or_default();
        assert!(
            back.starts_with(&format!("screen 0 {answers} ")),
            "{back}\n{before}"
        );
        phone.client.forward().await.expect("forward");
        shows(&phone.client, "How it went", Duration::from_secs(5)).await;
        phone.settled().await;
        assert_eq!(
            form_shown(&phone.client).await,
            before,
            "after Back then forward"
        );
        // Opened afresh (no page of the browser's own to restore): the server's answers.
        phone
            .client
            .goto(&format!("{url}/log"))
            .await
            .expect("the form");
        phone.settled().await;
        assert_eq!(form_shown(&phone.client).await, before, "opened again");
        // Starting again is asked once, then the form is new.
        phone.leave("form.again button").await;
        shows(&phone.client, "Start again?", Duration::from_secs(5)).await;
        phone.go("#discard").await;
        shows(&phone.client, "Who played", Duration::from_secs(5)).await;
        let fresh = form_shown(&phone.client).await;
        assert!(fresh.starts_with("screen 0 {} "), "{fresh}");
        phone.client.close().await.expect("closed");
    });
}
