"""parleyd against the real `wyoming` Python package: describe, handle, concurrency, garbage, ping, reload, stop."""

import asyncio
import os
import re
import shutil
import subprocess
import signal
import tempfile
import unittest
from pathlib import Path

from wyoming.asr import Transcript
from wyoming.client import AsyncTcpClient
from wyoming.error import Error
from wyoming.event import Event, async_read_event
from wyoming.handle import Handled, NotHandled
from wyoming.info import Describe, Info
from wyoming.ping import Ping, Pong

from parleyd_process import ROOT, Parleyd

SOUP_ORDER = [
    ("order soup with soup chef", "Which soup do you want? Clam chowder, tomato soup, or chicken noodle soup?"),
    ("chowder", "Which store do you want to order from? 38801 South Sheridan Boulevard or 7401 South Lewis Avenue?"),
    ("the second one", "Ready to order 1 clam chowder?"),
    ("yes", "Your clam chowder will be ready in 10 minutes. That's $4.50."),
]


async def handle(client: AsyncTcpClient, text: str, conversation_id: str) -> Event:
    await client.write_event(Transcript(text=text, context={"conversation_id": conversation_id}).event())
    event = await asyncio.wait_for(client.read_event(), timeout=20)
    assert event is not None, "connection closed"
    return event


class WyomingIntegration(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cls.daemon = Parleyd()

    @classmethod
    def tearDownClass(cls) -> None:
        status = cls.daemon.stop()
        assert status == 0, f"parleyd exited with {status}:\n" + "".join(cls.daemon.lines)

    def run_async(self, coroutine):
        return asyncio.run(asyncio.wait_for(coroutine, timeout=60))

    def client(self) -> AsyncTcpClient:
        return AsyncTcpClient("127.0.0.1", self.daemon.port)

    def test_describe_answers_info_with_asr_tts_and_handle(self) -> None:
        async def go() -> Info:
            async with self.client() as client:
                await client.write_event(Describe().event())
                event = await client.read_event()
                assert event is not None and Info.is_type(event.type), event
                return Info.from_event(event)

        info = self.run_async(go())
        self.assertEqual([p.name for p in info.handle], ["parley"])
        self.assertTrue(info.handle[0].installed)
        self.assertIn("Soup Chef", info.handle[0].description)
        self.assertEqual(len(info.asr), 1)
        self.assertEqual(len(info.tts), 1)

    def test_multi_turn_handle_conversation(self) -> None:
        async def go():
            async with self.client() as client:
                return [await handle(client, said, "py-soup") for said, _ in SOUP_ORDER]

        events = self.run_async(go())
        for event, (_, reply) in zip(events, SOUP_ORDER):
            self.assertTrue(Handled.is_type(event.type), event)
            handled = Handled.from_event(event)
            self.assertEqual(handled.text, reply)
            self.assertEqual(handled.context["conversation_id"], "py-soup")

    def test_turns_continue_across_connections_by_conversation_id(self) -> None:
        async def go():
            replies = []
            for said, _ in SOUP_ORDER:  # Home Assistant opens a connection per request
                async with self.client() as client:
                    replies.append(Handled.from_event(await handle(client, said, "py-per-request")).text)
            return replies

        self.assertEqual(self.run_async(go()), [reply for _, reply in SOUP_ORDER])

    def test_not_understood_is_not_handled(self) -> None:
        async def go():
            async with self.client() as client:
                return await handle(client, "sing me a song", "py-nothing")

        event = self.run_async(go())
        self.assertTrue(NotHandled.is_type(event.type), event)

    def test_eight_concurrent_conversations_without_cross_talk(self) -> None:
        soups = [("chowder", "clam chowder"), ("tomato", "tomato soup"), ("chicken noodle", "chicken noodle soup")]
        stores = ["the first one", "the second one"]

        async def conversation(index: int):
            async with self.client() as client:
                said = ["order soup with soup chef", soups[index % 3][0], stores[index % 2], "yes"]
                return [Handled.from_event(await handle(client, text, f"py-concurrent-{index}")).text for text in said]

        async def go():
            return await asyncio.gather(*(conversation(index) for index in range(8)))

        for index, replies in enumerate(self.run_async(go())):
            soup = soups[index % 3][1]
            self.assertEqual(replies[2], f"Ready to order 1 {soup}?", f"conversation {index}")
            self.assertTrue(replies[3].startswith(f"Your {soup} will be ready"), f"conversation {index}: {replies[3]}")

    def test_garbage_gets_an_error_and_the_daemon_serves_on(self) -> None:
        async def go():
            reader, writer = await asyncio.open_connection("127.0.0.1", self.daemon.port)
            writer.write(b"\x00\x01garbage that is not json\n{\"more\": ")
            await writer.drain()
            event = await async_read_event(reader)
            rest = await reader.read()  # the server closes the connection
            writer.close()
            async with self.client() as client:
                await client.write_event(Ping(text="still there?").event())
                pong = await client.read_event()
            return event, rest, pong

        event, rest, pong = self.run_async(go())
        self.assertTrue(Error.is_type(event.type), event)
        self.assertEqual(Error.from_event(event).code, "malformed-frame")
        self.assertEqual(rest, b"")
        self.assertTrue(Pong.is_type(pong.type))
        self.assertEqual(Pong.from_event(pong).text, "still there?")

    def test_ping_and_unknown_events(self) -> None:
        async def go():
            async with self.client() as client:
                await client.write_event(Event(type="timer-started", data={"id": "x", "total_seconds": 5}))
                await client.write_event(Ping(text="hello").event())
                return await client.read_event()

        pong = self.run_async(go())
        self.assertTrue(Pong.is_type(pong.type), pong)
        self.assertEqual(Pong.from_event(pong).text, "hello")

    def test_parley_talk_is_a_client(self) -> None:
        parley = os.path.join(os.path.dirname(os.environ.get("PARLEYD", str(ROOT / ".build" / "debug" / "parleyd"))), "parley")
        uri = f"tcp://127.0.0.1:{self.daemon.port}"
        turns = "".join(said + "\n" for said, _ in SOUP_ORDER)
        done = subprocess.run([parley, "talk", "--uri", uri], input=turns, capture_output=True, text=True, timeout=60)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(done.stdout.splitlines(), [f"Parley: {reply}" for _, reply in SOUP_ORDER])
        missed = subprocess.run([parley, "talk", "--uri", uri, "sing", "a", "song"], capture_output=True, text=True, timeout=60)
        self.assertEqual(missed.returncode, 1)
        described = subprocess.run([parley, "talk", "--uri", uri, "--describe"], capture_output=True, text=True, timeout=60)
        self.assertIn("handle: parley", described.stdout)


class ReloadIntegration(unittest.TestCase):
    def test_sighup_reloads_only_tables_that_check(self) -> None:
        folder = Path(tempfile.mkdtemp(prefix="parley-reload-"))
        try:
            shutil.copytree(ROOT / "phrases", folder / "phrases")
            daemon = Parleyd(phrases=folder / "phrases")
            try:
                table = folder / "phrases" / "soup-chef.yaml"
                good = table.read_text()
                table.write_text(good + '\n  - intent: OrderSoup\n    phrases: ["Order {nothing} with {app}"]\n')
                mark = len(daemon.lines)
                daemon.signal(signal.SIGHUP)
                refused = daemon.wait_for(re.compile("not reloaded"), timeout=30, after=mark)
                self.assertIsNotNone(refused, "".join(daemon.lines))
                finding = daemon.wait_for(re.compile("finding.rule=unknown-reference"), timeout=30, after=mark)
                self.assertIsNotNone(finding, "".join(daemon.lines))
                self.assertIn("soup-chef.yaml", finding)

                async def first_turn():
                    async with AsyncTcpClient("127.0.0.1", daemon.port) as client:
                        return Handled.from_event(await handle(client, "order soup with soup chef", "reload")).text

                self.assertEqual(asyncio.run(first_turn()), SOUP_ORDER[0][1])
                table.write_text(good)
                mark = len(daemon.lines)
                daemon.signal(signal.SIGHUP)
                self.assertIsNotNone(daemon.wait_for(re.compile("phrase tables reloaded"), timeout=30, after=mark))
            finally:
                self.assertEqual(daemon.stop(), 0, "".join(daemon.lines))
        finally:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    unittest.main()
